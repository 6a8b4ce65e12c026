import * as table from '../aws/table';
import type { UserItem } from '../companies/model';
import { itemExists, noItem } from '../data/expressions';
import * as keys from '../data/keys';
import { type Key, ranges } from '../data/keys';
import { queryRange } from '../data/range';
import { transactWithConditions } from '../data/transaction';
import type { OperatorItem } from './model';

/**
 * A page of a company's non-official operators (`OPERATOR#…`, oldest first), after `after`
 * (a key of the range, decoded from a cursor). Reads one more than asked, across DynamoDB's
 * 1 MB pages, so `nextKey` is only set when another page has operators.
 */
export async function pageOperators(
  companyId: string,
  page: { limit: number; after?: Key },
): Promise<{ operators: OperatorItem[]; nextKey?: Key }> {
  const items = (await queryRange(
    ranges.operators(companyId),
    page.limit + 1,
    page.after,
  )) as unknown as OperatorItem[];
  const more = items.length > page.limit;
  if (more) items.length = page.limit;
  const last = items[items.length - 1];
  return { operators: items, nextKey: more && last ? { pk: last.pk, sk: last.sk } : undefined };
}

/** The operator and the member of a company with one user id, in one BatchGetItem. */
export async function readOperatorAndMember(
  companyId: string,
  userId: string,
): Promise<{ operator?: OperatorItem; member?: UserItem }> {
  const operatorKey = keys.operator(companyId, userId);
  const userKey = keys.user(companyId, userId);
  const items = await table.batchGet([operatorKey, userKey]);
  const find = (key: Key) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  return { operator: find(operatorKey) as OperatorItem | undefined, member: find(userKey) as UserItem | undefined };
}

/**
 * Stores a new non-official operator, if its company exists (one transaction: a check on the
 * company and the put). Resolves to false when the company does not exist.
 */
export async function storeOperator(operator: OperatorItem): Promise<boolean> {
  const failed = await transactWithConditions([
    { check: keys.company(operator.company_id), condition: itemExists() },
    { put: { ...operator }, condition: noItem() },
  ]);
  if (failed.includes(0)) return false;
  // 1: an operator id (UUIDv7) drawn twice would be a broken random source.
  if (failed.length > 0) throw new Error(`operator transaction refused by condition(s) ${failed.join(', ')}`);
  return true;
}
