/**
 * All DynamoDB access of imports (docs/data-model.md, Imports): the import item and its
 * checkpoint, its rows' outcomes, saved mappings, and the product key items an import is
 * idempotent on.
 */
import type { TransactionItem } from '../aws/dynamodb';
import * as table from '../aws/table';
import { add, eq, noItem, or, set, update, where } from '../data/expressions';
import type { Key } from '../data/keys';
import * as keys from '../data/keys';
import { pageRange } from '../data/range';
import { transactWithConditions } from '../data/transaction';
import type {
  ImportItem,
  ImportRowItem,
  ImportStatus,
  MappingItem,
  RowCompleteness,
  RowError,
  RowStatus,
} from './model';

export const putImport = async (item: ImportItem): Promise<void> => {
  await table.transact([{ put: { ...item }, condition: noItem() }]);
};

export const readImport = (companyId: string, importId: string, consistent = false) =>
  table.get<ImportItem>(keys.bulkImport(companyId, importId), { consistent });

/** A page of the company's imports, oldest first (ids are UUIDv7). */
export const pageImports = (companyId: string, limit: number, after?: Key) =>
  pageRange<ImportItem>(keys.bulkImportsRange(companyId), limit, after);

/** A page of an import's row outcomes, by status then row number; one status's alone when given. */
export const pageRows = (importId: string, status: RowStatus | undefined, limit: number, after?: Key) =>
  pageRange<ImportRowItem>(keys.importRowsRange(importId, status), limit, after);

export const putMapping = async (item: MappingItem): Promise<void> => {
  await table.transact([{ put: { ...item }, condition: noItem() }]);
};

export const readMapping = (companyId: string, mappingId: string) =>
  table.get<MappingItem>(keys.importMapping(companyId, mappingId));

/** Products by key (strongly consistent: a product written by the batch before is seen). */
export async function readProducts(
  companyId: string,
  products: ReadonlyArray<{ gtin: string; serial?: string }>,
): Promise<Map<string, ProductItem>> {
  const found = new Map<string, ProductItem>();
  for (let i = 0; i < products.length; i += 100) {
    const chunk = products.slice(i, i + 100).map((p) => keys.product(companyId, p.gtin, p.serial));
    const unique = [...new Map(chunk.map((key) => [key.sk, key])).values()];
    for (const item of (await table.batchGet(unique, { consistent: true })) as unknown as ProductItem[]) {
      found.set(item.sk, item);
    }
  }
  return found;
}

export interface ProductItem {
  pk: string;
  sk: string;
  type: 'PRODUCT';
  dppId: string;
  /** The import and row that created it (a redelivered row finds its own product: `created`, not DUPLICATE). */
  import_id?: string;
  row?: number;
}

export const toProductItem = (
  companyId: string,
  gtin: string,
  serial: string | undefined,
  dppId: string,
  importId: string,
  row: number,
): ProductItem => ({
  ...keys.product(companyId, gtin, serial),
  type: keys.ItemType.Product,
  dppId,
  import_id: importId,
  row,
});

/** Moves an import from one status to another; false when it was not in `from` (another worker has it). */
export async function setImportStatus(
  companyId: string,
  importId: string,
  from: readonly ImportStatus[],
  to: ImportStatus,
  fields: Record<string, unknown> = {},
): Promise<boolean> {
  const failed = await transactWithConditions([
    {
      update: keys.bulkImport(companyId, importId),
      set: update(set('status', to), ...Object.entries(fields).map(([key, value]) => set(key, value))),
      condition: where(or(...from.map((status) => eq('status', status)))),
    },
  ]);
  return failed.length === 0;
}

export interface RowOutcome {
  row: number;
  status: RowStatus;
  dppId?: string;
  errors?: RowError[];
  completeness?: RowCompleteness;
}

/**
 * One batch's outcomes and the checkpoint after it, in one transaction: the rows' items, the
 * counts added, and `next_row` moved from `from` to `to` only if it still is `from` (a second
 * worker on the same import, or a redelivery that lost the race, writes nothing twice).
 * False when the checkpoint had moved.
 */
export async function checkpoint(
  imp: Pick<ImportItem, 'company_id' | 'id'>,
  from: number,
  to: number,
  outcomes: readonly RowOutcome[],
  totalRows?: number,
): Promise<boolean> {
  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  for (const outcome of outcomes) counts[outcome.status] += 1;
  const legs: TransactionItem[] = outcomes.map((outcome) => ({
    put: {
      ...keys.importRow(imp.id, outcome.status, outcome.row),
      type: keys.ItemType.ImportRow,
      row: outcome.row,
      status: outcome.status,
      ...(outcome.dppId !== undefined && { dppId: outcome.dppId }),
      ...(outcome.errors?.length ? { errors: outcome.errors } : {}),
      ...(outcome.completeness && { completeness: outcome.completeness }),
    },
  }));
  legs.push({
    update: keys.bulkImport(imp.company_id, imp.id),
    set: update(
      set('next_row', to),
      ...(totalRows !== undefined ? [set('total_rows', totalRows)] : []),
      add('rows', outcomes.length),
      add('created', counts.created),
      add('updated', counts.updated),
      add('unchanged', counts.unchanged),
      add('failed', counts.failed),
    ),
    condition: where(eq('next_row', from), eq('status', 'running')),
  });
  const failed = await transactWithConditions(legs);
  return failed.length === 0;
}
