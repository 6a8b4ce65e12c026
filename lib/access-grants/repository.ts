import type { AccessGrantItem, AccessLogItem } from '../access-tiers/model';
import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { exists, noItem, ofCompany, setIfAbsent, update, where } from '../data/expressions';
import type { Key } from '../data/keys';
import * as keys from '../data/keys';
import { queryRange } from '../data/range';
import { writeUnderDpp } from '../dpps/repository';
import type { OperatorItem } from '../operators/model';

/**
 * All DynamoDB access of access grants and their log (`ACCESS#<dppId>`: `GRANT#<id>`,
 * `LOG#<stamp>#<id>`; docs/data-model.md). A grant is written only under a DPP of its company.
 */

/** A non-official operator of the company (another company's id is simply not in this partition). */
export const readOperator = (companyId: string, operatorId: string): Promise<OperatorItem | undefined> =>
  table.get<OperatorItem>(keys.operator(companyId, operatorId));

/** Writes a new grant only while its DPP exists and is the grant's company's (one transaction); false otherwise. */
export const putGrantIfDpp = (grant: AccessGrantItem): Promise<boolean> =>
  writeUnderDpp(grant.dpp_id, grant.company_id, [{ put: { ...grant }, condition: noItem() }]);

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

/** A page of a key range of the access partition, with the key after which the next page starts. */
async function page<T extends Key>(range: keys.KeyRange, limit: number, after?: Key) {
  const items = (await queryRange(range, limit + 1, after)) as unknown as T[];
  const more = items.length > limit;
  if (more) items.length = limit;
  const last = items[items.length - 1];
  return { items, nextKey: more && last ? { pk: last.pk, sk: last.sk } : undefined };
}

/** A page of a DPP's grants, oldest first. */
export const pageGrants = (dppId: string, limit: number, after?: Key) =>
  page<AccessGrantItem>(keys.accessGrantsRange(dppId), limit, after);

/** A page of a DPP's access log, newest first. */
export const pageLog = (dppId: string, limit: number, after?: Key) =>
  page<AccessLogItem>(keys.accessLogRange(dppId), limit, after);
