import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { toMemberItems } from '../companies/model';
import { InvalidInputError } from '../errors';
import { operatorNotFound } from '../operators/model';
import { INVITATION_ID, invitationAccepted, invitationExpired, invitationNotFound, isExpired } from './model';
import { type AcceptRefusal, acceptPending, readInvitation, readOperator } from './repository';

/** `{invitationId}`: the 22 characters of an invitation id; anything else cannot be one (400 like an unknown id). */
export const acceptInvitationInput = v.object({
  body: v.object({
    invitationId: v.pipe(
      v.string(),
      v.regex(INVITATION_ID, 'must be an invitation id: 22 characters of A-Z a-z 0-9 - _'),
    ),
  }),
});

const refusals: Record<AcceptRefusal, () => Error> = {
  // Accepted or expired between the read and the write: a concurrent accept won.
  not_pending: invitationAccepted,
  user_exists: () => new InvalidInputError('the invited user is already a member of the company', 'ALREADY_MEMBER'),
  wallet_taken: () =>
    new InvalidInputError(
      'the invited wallet already belongs to a user: ask for an invitation with another wallet',
      'WALLET_TAKEN',
    ),
  // Reclaimed by a later invitation after this one expired.
  claims_gone: invitationExpired,
  operator_gone: operatorNotFound,
};

/**
 * Accepts an invitation (docs/spec/decisions.md, Invitations): public, since its id is the secret. One
 * transaction creates the user (the membership of the company, role `member`), the wallet
 * (so GET /generateJWT works with the company's API key and the invited wallet) and marks
 * the invitation ACCEPTED. With `operator_id` the member keeps the operator's id as user id
 * and the operator becomes an official member. An unknown, expired or accepted invitation
 * is 400 and writes nothing.
 */
export async function acceptInvitation({ body }: v.InferOutput<typeof acceptInvitationInput>) {
  const now = new Date();
  const invitation = await readInvitation(body.invitationId);
  if (!invitation) throw invitationNotFound();
  if (invitation.status === 'ACCEPTED') throw invitationAccepted();
  if (isExpired(invitation, now)) throw invitationExpired();
  const operator = invitation.operator_id
    ? await readOperator(invitation.company_id, invitation.operator_id)
    : undefined;
  if (invitation.operator_id && !operator) throw operatorNotFound();
  const { user, wallet } = toMemberItems({
    id: invitation.operator_id ?? uuidv7(),
    company_id: invitation.company_id,
    email: invitation.email,
    wallet: invitation.wallet,
    role: 'member',
    created_at: now.toISOString(),
    invitation_id: invitation.id,
    invited_by: invitation.invited_by,
    area: invitation.area,
    password_hash: invitation.password_hash,
    encrypted_wallet: invitation.encrypted_wallet,
    wallet_index: invitation.wallet_index,
  });
  const refusal = await acceptPending({ invitation, user, wallet, operator, now });
  if (refusal) throw refusals[refusal]();
  return { message: 'Invitation accepted: you are now a member of the company' };
}
