import type { TransactionItem } from '../aws/dynamodb';
import * as table from '../aws/table';
import type { EmailClaimItem, UserItem, WalletItem } from '../companies/model';
import { readCompany, takeSeat } from '../companies/repository';
import {
  add,
  eq,
  ge,
  gt,
  inRange,
  itemExists,
  le,
  ne,
  noItem,
  notExists,
  or,
  remove,
  set,
  update,
  where,
} from '../data/expressions';
import * as keys from '../data/keys';
import { ranges } from '../data/keys';
import { transactWithConditions } from '../data/transaction';
import { DEFAULT_MEMBER_LIMIT } from '../limits';
import { type OperatorItem, toFormerOperatorItem } from '../operators/model';
import type { InvitationItem, InvitedWalletItem } from './model';

/**
 * The invitations' reads and transactions (docs/data-model.md, invitations). Every write is
 * one TransactWriteItems whose conditions are the rules: a transaction either commits all of
 * its items or none, so a refused request writes nothing (lib/data/transaction.ts).
 */

export async function readInvitation(invitationId: string): Promise<InvitationItem | undefined> {
  return table.get<InvitationItem>(keys.invitation(invitationId));
}

export async function readOperator(companyId: string, userId: string): Promise<OperatorItem | undefined> {
  return table.get<OperatorItem>(keys.operator(companyId, userId));
}

export interface PendingInvitation {
  invitation: InvitationItem;
  emailClaim: EmailClaimItem;
  walletClaim: InvitedWalletItem;
}

/** Why an invitation could not be stored. */
export type InviteRefusal = 'not_admin' | 'email_taken' | 'wallet_taken' | 'operator_not_found' | 'member_limit';

/**
 * Stores a pending invitation and takes its seat, in one transaction:
 * 0. the company: `seats_used + 1`, if below `member_limit` (DEFAULT_MEMBER_LIMIT when absent);
 * 1. the inviting user is an admin of the company (the token's role, checked again on the item);
 * 2. the invitation;
 * 3. its e-mail claim and 4. its wallet claim, if no member or pending invitation holds them;
 * 5. the wallet is no member's of this company (a wallet of another company's member is not
 *    told apart from a free one: accepting will refuse it, since a wallet is one user's);
 * 6. with `operator_id`, a non-official operator of the company.
 * Resolves to the indexes of the conditions that failed (none: stored).
 */
function putPending(pending: PendingInvitation, adminId: string): Promise<number[]> {
  const { invitation, emailClaim, walletClaim } = pending;
  const companyId = invitation.company_id;
  const absent = noItem();
  const legs: TransactionItem[] = [
    takeSeat(companyId),
    { check: keys.user(companyId, adminId), condition: where(eq('role', 'admin')) },
    { put: { ...invitation }, condition: absent },
    { put: { ...emailClaim }, condition: absent },
    { put: { ...walletClaim }, condition: absent },
    {
      check: keys.wallet(invitation.wallet),
      condition: where(or(notExists('pk'), ne('company_id', companyId))),
    },
  ];
  if (invitation.operator_id) {
    legs.push({ check: keys.operator(companyId, invitation.operator_id), condition: itemExists() });
  }
  // A request that lost a race re-reads the counter: a full company is refused at once, as the
  // seat condition (item 0) would refuse it, instead of racing the others again.
  return transactWithConditions(legs, async () => ((await isFull(companyId)) ? [0] : undefined));
}

async function isFull(companyId: string): Promise<boolean> {
  const company = await readCompany(companyId);
  return (company?.seats_used ?? 0) >= (company?.member_limit ?? DEFAULT_MEMBER_LIMIT);
}

function refusalOf(failed: number[]): InviteRefusal {
  if (failed.includes(1)) return 'not_admin';
  if (failed.includes(6)) return 'operator_not_found';
  if (failed.includes(3)) return 'email_taken';
  if (failed.includes(4) || failed.includes(5)) return 'wallet_taken';
  if (failed.includes(0)) return 'member_limit';
  // 2: an invitation id drawn twice (128 random bits) would be a broken random source.
  throw new Error(`invitation transaction refused by condition(s) ${failed.join(', ')}`);
}

/**
 * Stores the invitation (putPending). When its seat or a claim is taken, the seats and claims
 * of the company's expired invitations are reclaimed first (reclaimExpired) and the
 * invitation is tried once more: an expired invitation never holds a seat, an e-mail or a
 * wallet against a new one. Resolves to undefined when stored, or to why not.
 */
export async function storeInvitation(
  pending: PendingInvitation,
  adminId: string,
  now: Date,
): Promise<InviteRefusal | undefined> {
  const failed = await putPending(pending, adminId);
  if (failed.length === 0) return undefined;
  const refusal = refusalOf(failed);
  // Only the seat and the two claims can be held by an expired invitation.
  const reclaimable =
    refusal !== 'not_admin' && refusal !== 'operator_not_found' && !failed.includes(5) && !failed.includes(2);
  if (!reclaimable || (await reclaimExpired(pending.invitation.company_id, now)) === 0) return refusal;
  const again = await putPending(pending, adminId);
  return again.length === 0 ? undefined : refusalOf(again);
}

/**
 * Frees what the company's expired pending invitations hold: their e-mail and wallet claims
 * and their seats. One Query finds them (the company's e-mail claims with an `expires_at` in
 * the past; members' claims have none), then one transaction each, conditioned on the claim
 * still being that invitation's, so a seat is given back once however many requests reclaim
 * at the same time. The invitation item itself is left to its TTL (an expired one cannot be
 * accepted: its `expires_at` says so). Resolves to how many were reclaimed.
 */
export async function reclaimExpired(companyId: string, now: Date): Promise<number> {
  const range = ranges.emailClaims(companyId);
  const expired = await table.queryAll<EmailClaimItem>({
    keyCondition: inRange(range),
    filter: where(le('expires_at', now.toISOString())),
  });
  const reclaimed = await Promise.all(
    expired.map(async (claim) => {
      const mine = where(eq('invitation_id', claim.invitation_id));
      const failed = await transactWithConditions([
        {
          delete: keys.emailClaim(companyId, claim.email),
          condition: where(eq('invitation_id', claim.invitation_id), le('expires_at', now.toISOString())),
        },
        { delete: keys.invitedWallet(companyId, claim.wallet ?? ''), condition: mine },
        ...freeSeat(companyId),
      ]);
      return failed.length === 0;
    }),
  );
  return reclaimed.filter(Boolean).length;
}

const freeSeat = (companyId: string): TransactionItem[] => [
  {
    update: keys.company(companyId),
    set: update(add('seats_used', -1)),
    condition: where(ge('seats_used', 1)),
  },
];

/**
 * Undoes a stored invitation whose e-mail could not be sent: deletes it and its claims and
 * gives its seat back, in one transaction, only while it is still pending. Resolves to
 * whether it was undone.
 */
export async function withdrawInvitation({ invitation, emailClaim, walletClaim }: PendingInvitation): Promise<boolean> {
  const mine = where(eq('invitation_id', invitation.id));
  const failed = await transactWithConditions([
    { delete: keys.invitation(invitation.id), condition: where(eq('status', 'PENDING')) },
    { delete: emailClaim, condition: mine },
    { delete: walletClaim, condition: mine },
    ...freeSeat(invitation.company_id),
  ]);
  return failed.length === 0;
}

export interface Acceptance {
  invitation: InvitationItem;
  user: UserItem;
  wallet: WalletItem;
  /** The non-official operator who becomes this member (the invitation's `operator_id`). */
  operator?: OperatorItem;
  now: Date;
}

export type AcceptRefusal = 'not_pending' | 'user_exists' | 'wallet_taken' | 'claims_gone' | 'operator_gone';

/**
 * Accepts an invitation in one transaction:
 * 0. the invitation becomes ACCEPTED (if still PENDING and not expired), and gives up its
 *    password hash and encrypted wallet, which move to the member;
 * 1. the user (the membership: the user item of the company, with its role);
 * 2. the wallet, if no user has it (one wallet, one user);
 * 3. the e-mail claim passes from the invitation to the member, and 4. the wallet claim
 *    goes (the wallet item now holds it); the seat stays taken, by the member now;
 * 5, 6. with an operator: the operator item moves to FORMER_OPERATOR#, out of the operators.
 * Resolves to undefined when accepted, or to why not (then nothing was written).
 */
export async function acceptPending({
  invitation,
  user,
  wallet,
  operator,
  now,
}: Acceptance): Promise<AcceptRefusal | undefined> {
  const companyId = invitation.company_id;
  const mine = where(eq('invitation_id', invitation.id));
  const absent = noItem();
  const legs: TransactionItem[] = [
    {
      update: keys.invitation(invitation.id),
      set: update(
        set('status', 'ACCEPTED'),
        set('accepted_at', now.toISOString()),
        set('user_id', user.id),
        remove('password_hash'),
        remove('encrypted_wallet'),
      ),
      condition: where(eq('status', 'PENDING'), gt('expires_at', now.toISOString())),
    },
    { put: { ...user }, condition: absent },
    { put: { ...wallet }, condition: absent },
    {
      update: keys.emailClaim(companyId, invitation.email),
      set: update(set('user_id', user.id), remove('invitation_id'), remove('expires_at'), remove('wallet')),
      condition: mine,
    },
    { delete: keys.invitedWallet(companyId, invitation.wallet), condition: mine },
  ];
  if (operator) {
    legs.push(
      { delete: keys.operator(companyId, operator.id), condition: itemExists() },
      { put: { ...toFormerOperatorItem(operator, now.toISOString()) }, condition: absent },
    );
  }
  const failed = await transactWithConditions(legs);
  if (failed.length === 0) return undefined;
  if (failed.includes(0)) return 'not_pending';
  if (failed.includes(5) || failed.includes(6)) return 'operator_gone';
  if (failed.includes(1)) return 'user_exists';
  if (failed.includes(2)) return 'wallet_taken';
  return 'claims_gone';
}
