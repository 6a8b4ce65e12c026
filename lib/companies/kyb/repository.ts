import type { Item } from '../../aws/dynamodb';
import { isConditionFailure } from '../../aws/errors';
import * as table from '../../aws/table';
import {
  eq,
  indexPartition,
  itemExists,
  remove,
  set,
  setAll,
  type UpdateAction,
  update,
  where,
} from '../../data/expressions';
import * as keys from '../../data/keys';
import { gsi1 } from '../../data/keys';
import type { CompanyItem, UserItem } from '../model';
import { type KybRecord, KybStatus, type ViesConsultation } from './model';

/**
 * KYB lives on the company item (`COMPANY#<id>/COMPANY`, attribute `kyb`); a PENDING check
 * also puts the item in the pending index (gsi1 `KYB#PENDING`), which the retry worker
 * Queries. docs/data-model.md, patterns of KYB.
 */

/** Whether a user of the company exists (another company's user id is simply not under this company). */
export async function userExists(companyId: string, userId: string): Promise<boolean> {
  return (await table.get<UserItem>(keys.user(companyId, userId))) !== undefined;
}

/** The user (to check they are the company's) and the company's KYB, in one BatchGetItem. */
export async function readUserAndKyb(companyId: string, userId: string): Promise<{ user?: UserItem; kyb?: KybRecord }> {
  const userKey = keys.user(companyId, userId);
  const companyKey = keys.company(companyId);
  const items = await table.batchGet([userKey, companyKey]);
  const find = (key: { pk: string; sk: string }) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  return { user: find(userKey) as UserItem | undefined, kyb: (find(companyKey) as CompanyItem | undefined)?.kyb };
}

/** Into the pending index (its gsi1 key) while PENDING, out of it (no gsi1 key) otherwise. */
const pendingIndex = (companyId: string, pending: boolean): UpdateAction[] =>
  pending ? setAll(gsi1.kybPending(companyId)) : [remove('gsi1pk'), remove('gsi1sk')];

/**
 * Stores a new KYB check on the company (replacing the previous one), in the pending index
 * exactly while it is PENDING. False when the company item does not exist.
 */
export async function saveKyb(companyId: string, kyb: KybRecord): Promise<boolean> {
  const index = pendingIndex(companyId, kyb.status === KybStatus.Pending);
  try {
    await table.update(keys.company(companyId), update(set('kyb', kyb), index), itemExists());
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A pending check as the worker reads it from the index. */
export interface PendingCheck {
  companyId: string;
  kyb: KybRecord;
}

/** One page of the pending index (gsi1 `KYB#PENDING`), oldest company id first. */
export async function pendingChecks(startKey?: Item, limit = 25): Promise<{ checks: PendingCheck[]; lastKey?: Item }> {
  const { items, lastKey } = await table.query({
    index: gsi1.name,
    keyCondition: indexPartition(gsi1.kybPendingPartition()),
    startKey,
    limit,
  });
  const checks = (items as unknown as CompanyItem[])
    .filter((item) => item.kyb?.status === KybStatus.Pending)
    .map((item) => ({ companyId: item.id, kyb: item.kyb as KybRecord }));
  return { checks, lastKey };
}

/**
 * Moves a pending check on with VIES's new answer: its status and consultation, out of the
 * pending index unless still PENDING. Conditioned on the check still being this one and
 * still PENDING, so a POST /verify-business made meanwhile wins. False when it did not.
 */
export async function settlePendingCheck(
  companyId: string,
  checkId: string,
  status: KybStatus,
  vies: ViesConsultation,
  updatedAt: string,
): Promise<boolean> {
  const index = pendingIndex(companyId, status === KybStatus.Pending);
  try {
    await table.update(
      keys.company(companyId),
      update(set(['kyb', 'status'], status), set(['kyb', 'vies'], vies), set(['kyb', 'updated_at'], updatedAt), index),
      where(eq(['kyb', 'check_id'], checkId), eq(['kyb', 'status'], KybStatus.Pending)),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
