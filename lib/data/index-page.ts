import type { PageQuery } from '../schemas';
import type { IndexRange } from './keys';
import { type CursorBinding, decodeCursor, encodeCursor } from './paging';
import { queryIndexRange } from './range';

/**
 * A page of a gsi1 range of the caller's company (its DPPs, its templates), oldest id first,
 * with `nextCursor` when more remain (one item more is read to know). The range is the
 * company's own index partition, so everything in it is the company's. The cursor is bound to
 * the range and the company (lib/data/paging.ts): any other is INVALID_CURSOR before anything
 * is read.
 */
export async function indexPage<T>(
  range: IndexRange,
  companyId: string,
  page: PageQuery,
): Promise<{ items: T[]; nextCursor?: string }> {
  const binding: CursorBinding = { range, companyId };
  const after = page.cursor === undefined ? undefined : await decodeCursor(page.cursor, binding);
  const items = await queryIndexRange(range, page.limit + 1, after);
  const more = items.length > page.limit;
  if (more) items.length = page.limit;
  const last = items.at(-1);
  return {
    items: items as T[],
    ...(more && last && { nextCursor: await encodeCursor({ pk: range.pk, sk: String(last.gsi1sk) }, binding) }),
  };
}
