import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { assertOwnCompany } from '../auth/tenancy';
import { sendEmail } from '../aws/ses';
import { email, walletAddress } from '../companies/fields';
import { readCompany } from '../companies/repository';
import { ForbiddenError, InvalidInputError } from '../errors';
import { invitationUrl } from '../links';
import { logger } from '../logger';
import { id, singleLine } from '../schemas';
import { invitationEmail } from './email';
import { newInvitationId, toInvitationItems } from './model';
import { Password } from './password';
import { type InviteRefusal, storeInvitation, withdrawInvitation } from './repository';

const PASSWORD_RULE = 'must be a string of 8 to 128 characters';
const text = (max: number) =>
  v.pipe(v.string(), singleLine, v.trim(), v.maxLength(max, `must be at most ${max} characters`));

/**
 * The invitation fields of the interface (section 2). `email`, `password` and `wallet_address`
 * are required; `status` is read and ignored (the server sets PENDING). The password becomes
 * a Password at once (lib/invitations/password.ts) and its rules' messages never repeat it.
 */
export const createInvitationInput = v.object({
  body: v.object({
    email,
    password: v.pipe(
      v.string(PASSWORD_RULE),
      v.minLength(8, PASSWORD_RULE),
      v.maxLength(128, PASSWORD_RULE),
      v.transform((plain) => new Password(plain)),
    ),
    // A mixed-case address carries an EIP-55 checksum: a mistyped letter must not invite someone else's wallet.
    wallet_address: walletAddress,
    area: v.optional(text(200)),
    status: v.optional(v.pipe(v.string(), v.maxLength(64))),
    encrypted_wallet: v.optional(
      v.pipe(v.string(), v.minLength(1), v.maxLength(16_384, 'must be at most 16384 characters')),
    ),
    company_id: v.optional(id),
    operator_id: v.optional(id),
    index: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 31 - 1))),
  }),
});

const refusals: Record<InviteRefusal, () => Error> = {
  not_admin: () => notAdmin(),
  email_taken: () =>
    new InvalidInputError('a member or a pending invitation of your company already has this e-mail', 'EMAIL_TAKEN'),
  wallet_taken: () =>
    new InvalidInputError('a member or a pending invitation of your company already has this wallet', 'WALLET_TAKEN'),
  operator_not_found: () =>
    new InvalidInputError('operator_id is not a non-official operator of your company', 'OPERATOR_NOT_FOUND'),
  member_limit: () =>
    new ForbiddenError(
      'member limit exceeded: members and pending invitations fill every seat of your plan',
      'MEMBER_LIMIT_EXCEEDED',
    ),
};

const notAdmin = () => new ForbiddenError('only an admin of the company may invite', 'NOT_ADMIN');

/**
 * Invites a new member (docs/spec/decisions.md, Invitations). The order keeps a failure from leaving
 * anything behind: the invitation is stored with its seat first (one transaction that holds
 * every rule), then the e-mail is sent; if SES fails, the invitation is withdrawn (its seat
 * given back) before the error answers 503. An e-mail is never sent for an invitation that
 * was refused. Should the withdrawal fail too, the invitation expires unseen after 7 days and
 * its seat is reclaimed then.
 */
export async function createInvitation(auth: Principal, { body }: v.InferOutput<typeof createInvitationInput>) {
  assertOwnCompany(auth, body.company_id);
  if (auth.role !== 'admin') throw notAdmin();
  const now = new Date();
  const [passwordHash, company] = await Promise.all([body.password.hash(), readCompany(auth.companyId)]);
  // A token's company exists; without it there is no admin of it either.
  if (!company) throw notAdmin();
  const pending = toInvitationItems({
    id: newInvitationId(),
    company_id: auth.companyId,
    company_name: company.name,
    email: body.email,
    wallet: body.wallet_address,
    area: body.area,
    encrypted_wallet: body.encrypted_wallet,
    wallet_index: body.index,
    operator_id: body.operator_id,
    password_hash: passwordHash,
    invited_by: auth.userId,
    created_at: now.toISOString(),
  });
  const refusal = await storeInvitation(pending, auth.userId, now);
  if (refusal) throw refusals[refusal]();
  const { invitation } = pending;
  try {
    await sendEmail(
      invitationEmail({
        to: invitation.email,
        companyName: company.name,
        url: invitationUrl(invitation.id),
        expiresAt: invitation.expires_at,
      }),
    );
  } catch (error) {
    await withdrawInvitation(pending).then(
      (withdrawn) => {
        if (!withdrawn) logger.warn('an invitation whose e-mail failed was no longer pending when withdrawn');
      },
      (withdrawError: unknown) =>
        logger.error('could not withdraw an invitation whose e-mail failed; its seat returns when it expires', {
          error: withdrawError as Error,
        }),
    );
    throw error;
  }
  return { message: `Invitation sent to ${invitation.email}` };
}
