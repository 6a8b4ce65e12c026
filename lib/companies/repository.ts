import type { Item, TransactionItem } from '../aws/dynamodb';
import * as table from '../aws/table';
import {
  add,
  and,
  attribute,
  eq,
  exists,
  itemExists,
  lt,
  noItem,
  notExists,
  or,
  partialUpdate,
  update,
  where,
} from '../data/expressions';
import * as keys from '../data/keys';
import { ranges } from '../data/keys';
import { readWholeRange } from '../data/range';
import { transactWithConditions } from '../data/transaction';
import { DEFAULT_MEMBER_LIMIT } from '../limits';
import type { CompanyItem, EmailClaimItem, PartnerItem, UserItem, WalletItem } from './model';

/**
 * The companies' reads and writes (docs/data-model.md, companies): each write is one
 * transaction whose conditions are the rules, so a refused write leaves nothing behind.
 */

const absent = noItem();
const present = itemExists();

/**
 * A transaction leg that takes one seat of a company: `seats_used + 1`, if the company exists
 * and a seat is free (below `member_limit`, DEFAULT_MEMBER_LIMIT when absent). Members and
 * pending invitations hold seats (create-invitation, `user add`).
 */
export const takeSeat = (companyId: string): TransactionItem => ({
  update: keys.company(companyId),
  set: update(add('seats_used', 1)),
  condition: where(
    exists('pk'),
    or(
      notExists('seats_used'),
      lt('seats_used', attribute('member_limit')),
      and(notExists('member_limit'), lt('seats_used', DEFAULT_MEMBER_LIMIT)),
    ),
  ),
});

export async function readCompany(companyId: string): Promise<CompanyItem | undefined> {
  return table.get<CompanyItem>(keys.company(companyId));
}

/** Stores a new company. Resolves to false when a company with its id exists already. */
export async function storeCompany(company: CompanyItem): Promise<boolean> {
  const failed = await transactWithConditions([{ put: { ...company }, condition: absent }]);
  return failed.length === 0;
}

/**
 * The whole company collection (ranges.company): the company, its users, partners, e-mail and
 * wallet claims and operators, across DynamoDB's 1 MB pages. Empty for an unknown company.
 */
export async function readCompanyCollection(companyId: string): Promise<Item[]> {
  return readWholeRange(ranges.company(companyId));
}

/**
 * Sets (or with null removes) a company's economic operator id, in ONE transaction conditioned on
 * the company existing and the caller being an admin of it (the membership's role, not only the
 * token's), which also deletes the company's EU registry export state: every record's `reoId`
 * changed, so the next export takes every passport again. The company as stored after it, or
 * why not.
 */
export async function writeEconomicOperatorId(
  companyId: string,
  userId: string,
  economicOperatorId: string | null,
): Promise<CompanyItem | 'company_not_found' | 'not_admin'> {
  const failed = await transactWithConditions([
    {
      update: keys.company(companyId),
      set: partialUpdate({ economic_operator_id: economicOperatorId }),
      condition: present,
    },
    { check: keys.user(companyId, userId), condition: where(eq('role', 'admin')) },
    { delete: keys.registryExportState(companyId) },
  ]);
  if (failed.includes(0)) return 'company_not_found';
  if (failed.length > 0) return 'not_admin';
  return (await table.get<CompanyItem>(keys.company(companyId), { consistent: true })) as CompanyItem;
}

export interface NewMember {
  user: UserItem;
  wallet: WalletItem;
  emailClaim: EmailClaimItem;
}

export type AddMemberRefusal = 'company_not_found' | 'member_limit' | 'wallet_taken' | 'email_taken';

/**
 * Adds a member in one transaction: 0. a seat of the company (takeSeat: it exists and is not
 * full); 1. the user; 2. the wallet, if no user of any company has it; 3. the e-mail claim, if
 * no member or pending invitation of the company holds the e-mail. Resolves to undefined when
 * stored, or to why not (then nothing was written).
 */
export async function storeMember({ user, wallet, emailClaim }: NewMember): Promise<AddMemberRefusal | undefined> {
  const failed = await transactWithConditions([
    takeSeat(user.company_id),
    { put: { ...user }, condition: absent },
    { put: { ...wallet }, condition: absent },
    { put: { ...emailClaim }, condition: absent },
  ]);
  if (failed.length === 0) return undefined;
  if (failed.includes(0)) return (await readCompany(user.company_id)) ? 'member_limit' : 'company_not_found';
  if (failed.includes(2)) return 'wallet_taken';
  if (failed.includes(3)) return 'email_taken';
  // 1: a user id (UUIDv7) drawn twice would be a broken random source.
  throw new Error(`member transaction refused by condition(s) ${failed.join(', ')}`);
}

/**
 * Stores both sides of a partnership, if both companies exist and the partnership does not.
 * Resolves to the refused conditions' meaning: `[]` stored, or which company is unknown, or
 * `exists` when the two are partners already (nothing written).
 */
export async function storePartnership([side, otherSide]: [PartnerItem, PartnerItem]): Promise<
  'stored' | 'exists' | { unknown: string[] }
> {
  const failed = await transactWithConditions([
    { check: keys.company(side.company_id), condition: present },
    { check: keys.company(otherSide.company_id), condition: present },
    { put: { ...side }, condition: absent },
    { put: { ...otherSide }, condition: absent },
  ]);
  if (failed.length === 0) return 'stored';
  const unknown = [side, otherSide].filter((_, i) => failed.includes(i)).map((s) => s.company_id);
  return unknown.length > 0 ? { unknown } : 'exists';
}
