import * as z from 'zod';
import { BadRequestError } from '../http/errors';
import type { Key, KeyRange } from './keys';

/** `?limit=` (1–100, default 100) and `?cursor=` (opaque) on every list (decisions.md, Lists). */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  cursor: z.string().min(1).max(1024).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

const cursorKey = z.object({ pk: z.string(), sk: z.string() });

/** The cursor is the key of the last item returned, base64url-encoded. */
export function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify({ pk: key.pk, sk: key.sk })).toString('base64url');
}

/**
 * Decodes a cursor and checks it lies inside the range being listed, so a cursor can
 * never start a read in another collection or on another kind of item.
 */
export function decodeCursor(cursor: string, range: KeyRange): Key {
  try {
    const key = cursorKey.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (key.pk === range.pk && key.sk >= range.from && key.sk <= range.to) return key;
  } catch {
    // fall through to the same answer for every bad cursor
  }
  throw new BadRequestError('invalid cursor', 'INVALID_CURSOR');
}
