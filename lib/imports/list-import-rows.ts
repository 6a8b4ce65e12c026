import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { importRowsRange } from '../data/keys';
import { decodeCursor, encodeCursor } from '../data/paging';
import { id, pageQuery } from '../schemas';
import { importNotFound, ROW_STATUSES, rowView } from './model';
import { pageRows, readImport } from './repository';

export const listImportRowsInput = v.object({
  params: v.object({ importId: id }),
  query: v.object({
    ...pageQuery.entries,
    status: v.optional(v.picklist(ROW_STATUSES, 'must be created, updated, unchanged or failed')),
  }),
});

/** A page of an import's row outcomes: one status's (`?status=failed`: the rows to fix) by row number. */
export async function listImportRows(auth: Principal, { params, query }: v.InferOutput<typeof listImportRowsInput>) {
  const binding = { range: importRowsRange(params.importId, query.status), companyId: auth.companyId };
  const after = query.cursor === undefined ? undefined : await decodeCursor(query.cursor, binding);
  const [item, page] = await Promise.all([
    readImport(auth.companyId, params.importId),
    pageRows(params.importId, query.status, query.limit, after),
  ]);
  if (!item) throw importNotFound();
  return {
    rows: page.items.map(rowView),
    ...(page.nextKey && { nextCursor: await encodeCursor(page.nextKey, binding) }),
  };
}
