import type { AccessGrantItem, AccessLogItem } from '../access-tiers/model';
import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { eq, exists, noItem, ofCompany, setIfAbsent, update, where } from '../data/expressions';
import type { Key } from '../data/keys';
import * as keys from '../data/keys';
import { pageRange } from '../data/range';
import { transactWithConditions } from '../data/transaction';
import { dppOfCompany } from '../dpps/repository';
import type { OperatorItem } from '../operators/model';

/**
 * All DynamoDB access of access grants and their log (`ACCESS#<dppId>`: `GRANT#<id>`,
 * `LOG#<stamp>#<id>`; docs/data-model.md). A grant is written only under a DPP of its company.
 */

/** A non-official operator of the company (another company's id is simply not in this partition). */
export const readOperator = (companyId: string, operatorId: string): Promise<OperatorItem | undefined> =>
  table.get<OperatorItem>(keys.operator(companyId, operatorId));

/** Why a grant was not written. */
export type GrantRefusal = 'dpp_not_found' | 'not_admin';

/**
 * Writes a new grant in one transaction with what it needs: its DPP exists and is the grant's
 * company's (0), and its creator is an admin of that company (1: the membership's role, so a
 * token issued before the user stopped being an admin does not share). Undefined when written.
 */
export async function putGrant(grant: AccessGrantItem): Promise<GrantRefusal | undefined> {
  const failed = await transactWithConditions([
    dppOfCompany(grant.dpp_id, grant.company_id),
    { check: keys.user(grant.company_id, grant.created_by), condition: where(eq('role', 'admin')) },
    { put: { ...grant }, condition: noItem() },
  ]);
  if (failed.includes(0)) return 'dpp_not_found';
  if (failed.includes(1)) return 'not_admin';
  // 2: a grant id (UUIDv7) drawn twice would be a broken random source.
  if (failed.length > 0) throw new Error(`grant transaction refused by condition(s) ${failed.join(', ')}`);
  return undefined;
}

/**
 * Revokes a grant of the company (its first revocation time kept); the grant as it is now, or
 * undefined when the DPP has no such grant of the company.
 */
export async function revokeGrant(
  dppId: string,
  grantId: string,
  companyId: string,
  at: string,
): Promise<AccessGrantItem | undefined> {
  try {
    return await table.update<AccessGrantItem>(
      keys.accessGrant(dppId, grantId),
      update(setIfAbsent('revoked_at', at)),
      where(exists('pk'), ofCompany(companyId)),
    );
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** A page of a DPP's grants, oldest first. */
export const pageGrants = (dppId: string, limit: number, after?: Key) =>
  pageRange<AccessGrantItem>(keys.accessGrantsRange(dppId), limit, after);

/** A page of a DPP's access log, newest first. */
export const pageLog = (dppId: string, limit: number, after?: Key) =>
  pageRange<AccessLogItem>(keys.accessLogRange(dppId), limit, after);
