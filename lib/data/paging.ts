import * as v from 'valibot';
import { InvalidInputError } from '../errors';
import type { Key, KeyRange } from './keys';

const cursorKey = v.object({ pk: v.string(), sk: v.string() });

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
    const key = v.parse(cursorKey, JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (key.pk === range.pk && key.sk >= range.from && key.sk <= range.to) return key;
  } catch {
    // fall through to the same answer for every bad cursor
  }
  throw new InvalidInputError('invalid cursor', 'INVALID_CURSOR');
}
