import { withoutFence } from '../aws/budget';
import type { Item, TransactionItem } from '../aws/dynamodb';
import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { inIndexRange, itemExists, setAll, update } from '../data/expressions';
import * as keys from '../data/keys';
import { releaseObject } from './storage';

/**
 * Intent records (the saga pattern) for the gap between an object and the item that refers to
 * it. Before an object is written, a small record names it (`OBJECT#<objectKey>`, in the sparse
 * pending index `OBJECT#PENDING` by creation time); the item's own transaction deletes the record
 * as one more leg (`committedLeg`). So a record exists exactly while the item's write has not
 * committed: a crash between the two writes, or a write that got no answer and did not land,
 * leaves the record, and the orphan sweeper (lib/files/sweep-orphans.ts) deletes its object once
 * it is older than SWEEP_GRACE_MS. A write that was refused releases the object and its record
 * at once.
 */
export interface PendingObject {
  pk: string;
  sk: string;
  /** The first object's key: the record's own key names it. */
  object_key: string;
  /** Every object of the one write (several for related-DPP copies); absent when it is only `object_key`. */
  object_keys?: string[];
  created_at: string;
}

/**
 * Writes the intent record of `objectKey` (before the object), outside any idempotency fence;
 * `others` are more objects the same item write will refer to (one record, one leg, for all).
 */
export async function recordPendingObject(
  objectKey: string,
  others: readonly string[] = [],
  createdAt = new Date().toISOString(),
): Promise<void> {
  await withoutFence(() =>
    table.update(
      keys.pendingObject(objectKey),
      update(
        setAll({
          type: keys.PENDING_OBJECT_TYPE,
          object_key: objectKey,
          ...(others.length > 0 && { object_keys: [objectKey, ...others] }),
          created_at: createdAt,
          ...keys.pendingObjectIndex(createdAt, objectKey),
        }),
      ),
    ),
  );
}

/** The objects an intent record names. */
export const objectsOf = (record: PendingObject): string[] => record.object_keys ?? [record.object_key];

/**
 * Removes objects that no item will refer to (the item's write was refused or failed for sure),
 * then their intent record; a failure leaves an orphan for the sweeper, logged, never thrown.
 */
export async function releasePendingObjects(objectKey: string, others: readonly string[] = []): Promise<void> {
  await Promise.all([objectKey, ...others].map((key) => releaseObject(key, undefined)));
  await forgetPendingObject(objectKey).catch(() => false);
}

/** The leg the referring item's transaction carries: it deletes the intent record, so it commits with the item. */
export const committedLeg = (objectKey: string): TransactionItem => ({ delete: keys.pendingObject(objectKey) });

/** Deletes an intent record, only if it still exists; false when it was already gone. */
export async function forgetPendingObject(objectKey: string): Promise<boolean> {
  try {
    await table.delete(keys.pendingObject(objectKey), itemExists());
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** One page of intent records created before `before` (ISO time), oldest first. */
export async function pendingObjectsBefore(
  before: string,
  limit: number,
  startKey?: Item,
): Promise<{ records: PendingObject[]; lastKey?: Item }> {
  // Every creation time starts with a digit: '0' sorts before them all.
  const page = await table.query({
    index: keys.gsi1.name,
    keyCondition: inIndexRange({ pk: keys.PENDING_OBJECTS, from: '0', to: before }),
    limit,
    startKey,
  });
  return { records: page.items as unknown as PendingObject[], lastKey: page.lastKey };
}
