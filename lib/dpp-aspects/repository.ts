import type { TransactionItem } from '../aws/dynamodb';
import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { and, eq, inRange, noItem, notExists, ofCompany, or, set, update, where } from '../data/expressions';
import type { Key } from '../data/keys';
import * as keys from '../data/keys';
import { type ItemChange, transactWithConditions } from '../data/transaction';
import type { DppItem } from '../dpps/model';
import type { AttributeTier } from '../profiles/format';
import type { AspectChangeItem } from './model';

/** The DPP item, strongly consistent (a write reads what the last write left): ONE GetItem. */
export const readDppItem = (dppId: string): Promise<DppItem | undefined> =>
  table.get<DppItem>(keys.dpp(dppId), { consistent: true });

/** One aspect write: the document, on the DPP as it was read, and the history entries it adds. */
export interface AspectWrite {
  dpp: DppItem;
  aspect: string;
  document: Record<string, unknown>;
  changes: AspectChangeItem[];
  at: string;
}

/** A write of several aspects at once (a bulk import's row), with other fields of the DPP and legs that must hold beside it. */
export interface AspectsWrite {
  dpp: DppItem;
  documents: Record<string, Record<string, unknown>>;
  changes: AspectChangeItem[];
  at: string;
  /** Other fields of the DPP the same update sets (a row's name, description…). */
  fields?: Record<string, unknown>;
  /** Conditions on other items (the template a row names is the company's), after the DPP's leg. */
  checks?: TransactionItem[];
}

/**
 * Writes an aspect's document on the DPP item, conditioned on the DPP being as it was read: the
 * company's, at the same `aspects_revision` (so no other aspect write came between the read and
 * this one, and the history's old values are the stored ones), and still unpublished if it was
 * (a write that left a published passport incomplete is refused by the use case; this keeps a
 * concurrent publish from slipping between). Raises the revision. With history entries, ONE
 * transaction of the update and their Puts; without, ONE UpdateItem. False when a condition
 * failed: nothing was written.
 */
export async function storeAspect({ dpp, aspect, document, changes, at }: AspectWrite): Promise<boolean> {
  return (await storeAspects({ dpp, documents: { [aspect]: document }, changes, at })).length === 0;
}

/**
 * An aspects write as the parts of an update of the DPP item (lib/data/transaction.ts): the
 * documents, the revision raised, `updated_at` and other fields; the guard (the DPP as it was
 * read: the company's, at the same `aspects_revision`, still unpublished if it was, not ceased);
 * and the legs beside it (`checks`, then the history entries, each a new item). What storeAspects
 * writes alone, and the passport API with its version (lib/versions/repository.ts, versionLegs).
 */
export function aspectsChangeOf({ dpp, documents, changes, at, fields = {}, checks = [] }: AspectsWrite): ItemChange {
  const revision = dpp.aspects_revision ?? 0;
  return {
    actions: [
      // A DPP stored without the map gets it whole (a nested SET needs the map to exist).
      ...(dpp.aspects === undefined
        ? [set('aspects', documents)]
        : Object.entries(documents).map(([aspect, document]) => set(['aspects', aspect], document))),
      ...Object.entries(fields).map(([name, value]) => set(name, value)),
      set('aspects_revision', revision + 1),
      set('updated_at', at),
    ],
    conditions: [
      ofCompany(dpp.company_id),
      revision === 0 ? or(notExists('aspects_revision'), eq('aspects_revision', 0)) : eq('aspects_revision', revision),
      ...(dpp.published === false ? [eq('published', false)] : []),
      // Not ceased meanwhile (lib/dpps/cease-dpp.ts).
      notExists('ceased_at'),
    ],
    legs: [...checks, ...changes.map((item): TransactionItem => ({ put: { ...item }, condition: noItem() }))],
  };
}

/**
 * storeAspect for several aspects, other fields of the DPP and other conditions at once (the same
 * guard, one revision). The indexes of the legs whose condition failed (0: the DPP's; then
 * `checks`'), empty when written.
 */
export async function storeAspects(write: AspectsWrite): Promise<number[]> {
  const { actions, conditions, legs } = aspectsChangeOf(write);
  const guard = where(and(...conditions));
  const change = update(actions);
  if (legs.length === 0) {
    try {
      await table.update(keys.dpp(write.dpp.id), change, guard);
      return [];
    } catch (error) {
      if (isConditionFailure(error)) return [0];
      throw error;
    }
  }
  return transactWithConditions([{ update: keys.dpp(write.dpp.id), set: change, condition: guard }, ...legs]);
}

/**
 * A DPP's changes of dynamic attributes of the given tiers, oldest first, after `after` (a key of
 * the range, decoded from a cursor): read lazily, `batch` items evaluated per Query, the others'
 * tiers filtered out by DynamoDB (a filter does not cut what a Query reads, only what it sends,
 * so the batch bounds each read). The public history (list-public-aspect-history.ts) stops when
 * its page is full.
 */
export async function* aspectChangesOfTiers(
  dppId: string,
  tiers: readonly AttributeTier[],
  batch: number,
  after?: Key,
): AsyncGenerator<AspectChangeItem> {
  const filter = where(or(...tiers.map((tier) => eq('tier', tier))));
  let startKey: Record<string, unknown> | undefined = after && { pk: after.pk, sk: after.sk };
  do {
    const page = await table.query({
      keyCondition: inRange(keys.aspectChangesRange(dppId)),
      filter,
      startKey,
      limit: batch,
    });
    yield* page.items as unknown as AspectChangeItem[];
    startKey = page.lastKey;
  } while (startKey);
}
