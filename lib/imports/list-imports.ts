import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { bulkImportsRange } from '../data/keys';
import { decodeCursor, encodeCursor } from '../data/paging';
import { pageQuery } from '../schemas';
import { importView } from './model';
import { pageImports } from './repository';

export const listImportsInput = v.object({ query: pageQuery });

/** A page of the company's imports, oldest first. */
export async function listImports(auth: Principal, { query }: v.InferOutput<typeof listImportsInput>) {
  const binding = { range: bulkImportsRange(auth.companyId), companyId: auth.companyId };
  const after = query.cursor === undefined ? undefined : await decodeCursor(query.cursor, binding);
  const page = await pageImports(auth.companyId, query.limit, after);
  return {
    imports: page.items.map(importView),
    ...(page.nextKey && { nextCursor: await encodeCursor(page.nextKey, binding) }),
  };
}
