import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { email, walletAddress } from '../../../lib/companies/fields';
import { companyNotFound, toMemberItems } from '../../../lib/companies/model';
import { type AddMemberRefusal, storeMember } from '../../../lib/companies/repository';
import { ConflictError } from '../../../lib/errors';
import { uuid } from '../../../lib/schemas';

/** `user add --company … --email … --wallet … --role admin|member` (an admin may also invite members). */
export const addUserInput = v.object({
  company_id: uuid,
  email,
  wallet: walletAddress,
  role: v.picklist(['admin', 'member'], 'must be admin or member'),
});

const refusals: Record<AddMemberRefusal, (companyId: string) => Error> = {
  company_not_found: companyNotFound,
  member_limit: () =>
    new ConflictError(
      'member limit reached: members and pending invitations fill every seat of the company',
      'MEMBER_LIMIT_EXCEEDED',
    ),
  wallet_taken: () =>
    new ConflictError('this wallet already belongs to a user (a wallet is one user’s, in any company)', 'WALLET_TAKEN'),
  email_taken: () =>
    new ConflictError('a member or a pending invitation of the company already has this e-mail', 'EMAIL_TAKEN'),
};

/**
 * A member of a company, with the items accept-invitation and the seed make (toMemberItems:
 * the user, the wallet, the e-mail claim) and a seat taken, in one transaction whose
 * conditions are the rules: the company exists and has a free seat, no user has the wallet,
 * no member or pending invitation of the company has the e-mail. Refused: nothing written.
 */
export async function addUser(input: v.InferOutput<typeof addUserInput>): Promise<{ id: string }> {
  const member = toMemberItems({
    id: uuidv7(),
    company_id: input.company_id,
    email: input.email,
    wallet: input.wallet,
    role: input.role,
    created_at: new Date().toISOString(),
  });
  const refusal = await storeMember(member);
  if (refusal) throw refusals[refusal](input.company_id);
  return { id: member.user.id };
}
