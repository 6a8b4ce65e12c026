import { randomBytes } from 'node:crypto';
import type { EmailClaimItem } from '../companies/model';
import * as keys from '../data/keys';
import { ItemType } from '../data/keys';
import { InvalidInputError } from '../errors';
import { INVITATION_TTL_SECONDS } from '../limits';

/**
 * Invitations (docs/spec/decisions.md, Invitations). An invitation is found by its id alone
 * (`INVITATION#<id>`): accepting is public and the id, 128 random bits, is the secret.
 *
 * A company's seats are counted on its company item (`seats_used`: members plus pending
 * invitations, against `member_limit`). Uniqueness is held by claim items under the company,
 * written in the same transactions as the invitation:
 * - `EMAIL#<email>`: one per e-mail in a company, held by a pending invitation (with its
 *   `expires_at`) or, once accepted, by the member (no expiry). Seeded members hold theirs.
 * - `INVITED_WALLET#<address>`: a pending invitation's wallet. A member's wallet is its
 *   global `WALLET#<address>` item, which create-invitation checks in the same transaction.
 */
export type InvitationStatus = 'PENDING' | 'ACCEPTED';

export interface InvitationItem {
  pk: string;
  sk: string;
  type: typeof ItemType.Invitation;
  id: string;
  company_id: string;
  /** The company's name when it invited, which the invitation page shows (absent on older invitations). */
  company_name?: string;
  /** Lower-cased. */
  email: string;
  /** Lower-cased. */
  wallet: string;
  area?: string;
  /** Opaque, as the client sent it. */
  encrypted_wallet?: string;
  /** `index` of the request: the wallet's index, kept as sent. */
  wallet_index?: number;
  /** The non-official operator who becomes a member by accepting (their user id). */
  operator_id?: string;
  /** `scrypt$…` (lib/invitations/password.ts). */
  password_hash: string;
  /** The server's, never the client's (docs/spec/decisions.md, Enumerations). An expired invitation keeps PENDING: its `expires_at` says. */
  status: InvitationStatus;
  /** The admin who invited. */
  invited_by: string;
  created_at: string;
  expires_at: string;
  /** Epoch seconds of `expires_at`: the table's TTL deletes the item some time after. */
  ttl: number;
  accepted_at?: string;
  user_id?: string;
}

export interface InvitedWalletItem {
  pk: string;
  sk: string;
  type: typeof ItemType.InvitedWallet;
  company_id: string;
  wallet: string;
  invitation_id: string;
  expires_at: string;
  created_at: string;
}

/** 128 random bits, base64url: 22 URL-safe characters. */
export const newInvitationId = (): string => randomBytes(16).toString('base64url');
export const INVITATION_ID = /^[A-Za-z0-9_-]{22}$/;

export const expiryOf = (createdAt: Date) => {
  const expires = new Date(createdAt.getTime() + INVITATION_TTL_SECONDS * 1000);
  return { expires_at: expires.toISOString(), ttl: Math.floor(expires.getTime() / 1000) };
};

export const isExpired = (invitation: Pick<InvitationItem, 'expires_at'>, now: Date): boolean =>
  invitation.expires_at <= now.toISOString();

export type NewInvitation = Omit<InvitationItem, 'pk' | 'sk' | 'type' | 'status' | 'expires_at' | 'ttl'>;

/** The invitation and its two claims, PENDING until `expires_at`. */
export function toInvitationItems(invitation: NewInvitation) {
  const expiry = expiryOf(new Date(invitation.created_at));
  const item: InvitationItem = {
    ...keys.invitation(invitation.id),
    type: ItemType.Invitation,
    ...invitation,
    email: invitation.email.toLowerCase(),
    wallet: invitation.wallet.toLowerCase(),
    status: 'PENDING',
    ...expiry,
  };
  const emailClaim: EmailClaimItem = {
    ...keys.emailClaim(item.company_id, item.email),
    type: ItemType.EmailClaim,
    company_id: item.company_id,
    email: item.email,
    invitation_id: item.id,
    expires_at: item.expires_at,
    wallet: item.wallet,
    created_at: item.created_at,
  };
  const walletClaim: InvitedWalletItem = {
    ...keys.invitedWallet(item.company_id, item.wallet),
    type: ItemType.InvitedWallet,
    company_id: item.company_id,
    wallet: item.wallet,
    invitation_id: item.id,
    expires_at: item.expires_at,
    created_at: item.created_at,
  };
  return { invitation: item, emailClaim, walletClaim };
}

/** What accept-invitation answers for every invitation it cannot accept (interface 4.6: 400). */
export const invitationNotFound = () =>
  new InvalidInputError('invitation not found: it does not exist or was withdrawn', 'INVITATION_NOT_FOUND');
export const invitationExpired = () =>
  new InvalidInputError('invitation expired: ask for a new one', 'INVITATION_EXPIRED');
export const invitationAccepted = () =>
  new InvalidInputError('invitation already accepted', 'INVITATION_ALREADY_ACCEPTED');
