import * as keys from '../data/keys';
import { ItemType } from '../data/keys';
import { NotFoundError } from '../errors';
import type { KybRecord } from './kyb/model';
import type { CompanyPlan } from './plan/model';

/** A tenant. Everything a company owns carries its id as `company_id`. */
export interface CompanyItem {
  pk: string;
  sk: string;
  type: typeof ItemType.Company;
  id: string;
  name: string;
  country_code: string;
  /**
   * The company's id as an economic operator: its EORI number or LEI (lib/identifiers.ts), the
   * `reoId` of its passports' EU registry records; absent until set.
   */
  economic_operator_id?: string;
  created_at: string;
  /** KYB data, status and last VIES consultation (lib/companies/kyb/model.ts); absent until the first POST /verify-business. */
  kyb?: KybRecord;
  /** `KYB#PENDING` / the company id while `kyb.status` is PENDING (gsi1.kybPending), absent otherwise. */
  gsi1pk?: string;
  gsi1sk?: string;
  /**
   * Seats taken: members plus pending invitations (an expired one until a later invitation
   * reclaims it). The member-limit counter, raised and checked in create-invitation's transaction.
   */
  seats_used?: number;
  /** Members allowed (members plus pending invitations); absent = DEFAULT_MEMBER_LIMIT (lib/limits.ts). A plan raises it. */
  member_limit?: number;
  /** The company's plan: its Stripe subscription, set by POST /discount-subscription (lib/companies/plan/model.ts). */
  plan?: CompanyPlan;
}

/** A member of a company (the wallet item points back here). */
export interface UserItem {
  pk: string;
  sk: string;
  type: typeof ItemType.User;
  id: string;
  company_id: string;
  email: string;
  wallet: string;
  role: string;
  created_at: string;
  /** Set for a member who joined by an invitation (accept-invitation). */
  invitation_id?: string;
  invited_by?: string;
  area?: string;
  /** `scrypt$N$r$p$salt$hash` (lib/invitations/password.ts); never the password. */
  password_hash?: string;
  /** Opaque, as the client sent it. */
  encrypted_wallet?: string;
  wallet_index?: number;
}

export function toCompanyItem(company: Omit<CompanyItem, 'pk' | 'sk' | 'type'>): CompanyItem {
  return { ...keys.company(company.id), type: ItemType.Company, ...company };
}

export function toUserItem(user: Omit<UserItem, 'pk' | 'sk' | 'type'>): UserItem {
  return { ...keys.user(user.company_id, user.id), type: ItemType.User, ...user, wallet: user.wallet.toLowerCase() };
}

/** Which user and company a wallet belongs to, so a token can be issued in one read. */
export interface WalletItem {
  pk: string;
  sk: string;
  type: typeof ItemType.Wallet;
  address: string;
  user_id: string;
  company_id: string;
  role: string;
}

export function toWalletItem(wallet: Omit<WalletItem, 'pk' | 'sk' | 'type'>): WalletItem {
  const address = wallet.address.toLowerCase();
  return { ...keys.wallet(address), type: ItemType.Wallet, ...wallet, address };
}

/** Who holds an e-mail in a company: a pending invitation (until `expires_at`) or a member. */
export interface EmailClaimItem {
  pk: string;
  sk: string;
  type: typeof ItemType.EmailClaim;
  company_id: string;
  email: string;
  /** A pending invitation's claim. */
  invitation_id?: string;
  expires_at?: string;
  /** The invitation's wallet, so reclaiming an expired invitation frees both claims without reading it. */
  wallet?: string;
  /** A member's claim. */
  user_id?: string;
  created_at: string;
}

/**
 * A member: the user item in the company's collection (the membership, with its role), the
 * global wallet item (so GET /generateJWT works with the company's API key and this wallet),
 * and the member's e-mail claim. The seed writes its demo users with this too.
 */
export function toMemberItems(user: Omit<UserItem, 'pk' | 'sk' | 'type'>): {
  user: UserItem;
  wallet: WalletItem;
  emailClaim: EmailClaimItem;
} {
  const item = toUserItem({ ...user, email: user.email.toLowerCase() });
  return {
    user: item,
    wallet: toWalletItem({ address: item.wallet, user_id: item.id, company_id: item.company_id, role: item.role }),
    emailClaim: {
      ...keys.emailClaim(item.company_id, item.email),
      type: ItemType.EmailClaim,
      company_id: item.company_id,
      email: item.email,
      user_id: item.id,
      created_at: item.created_at,
    },
  };
}

/**
 * One side of a partnership between two companies. Both sides are stored (`A→B` under A,
 * `B→A` under B), so each lists its partners with one Query; a partner's DPPs are visible
 * to the company (related DPPs).
 */
export interface PartnerItem {
  pk: string;
  sk: string;
  type: typeof ItemType.Partner;
  company_id: string;
  partner_id: string;
  created_at: string;
}

export function toPartnerItems(companyId: string, partnerId: string, createdAt: string): [PartnerItem, PartnerItem] {
  const side = (from: string, to: string): PartnerItem => ({
    ...keys.partner(from, to),
    type: ItemType.Partner,
    company_id: from,
    partner_id: to,
    created_at: createdAt,
  });
  return [side(companyId, partnerId), side(partnerId, companyId)];
}

/** A company id that names no company (the admin CLI: a tenant is named by its id). */
export const companyNotFound = (companyId: string) =>
  new NotFoundError(`no company with id ${companyId}`, 'COMPANY_NOT_FOUND');
