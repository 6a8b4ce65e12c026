import { createHmac, timingSafeEqual } from 'node:crypto';
import { readSecret } from '../aws/secrets';
import { loadedOnce } from '../cached';
import { oneOf } from '../config';
import { defined } from '../defined';
import { InvalidInputError } from '../errors';
import type { Key, KeyRange } from './keys';

/**
 * List cursors (docs/spec/decisions.md, Lists): opaque, tamper-proof, and bound to the collection and
 * the caller's company. A cursor is, base64url-encoded,
 *
 *     version (1 byte) ‖ HMAC-SHA256(key, binding ‖ sk) (32 bytes) ‖ sk (UTF-8)
 *
 * where `sk` is the sort key of the last item returned and `binding` names the version, the
 * collection (the range's `pk`, `from` and `to`) and the caller's company. The `pk` is not in
 * the cursor: it comes from the list being read, so a cursor of another collection, of another
 * company, made by hand or altered in any bit fails the MAC, and every such cursor is the same
 * 400 INVALID_CURSOR before anything is read: a cursor can never tell an existing id from an
 * unknown one. Rotating the key invalidates the cursors handed out before (clients start over).
 *
 * The key is a secret of at least 32 characters: inline in CURSOR_KEY (locally, a file made on
 * first `npm start`), or in Secrets Manager (CURSOR_KEY_SECRET_ID, a random value the stack
 * generates), read on the first cursor a container encodes or decodes and kept for its life; a
 * failed read is retried by the next request.
 */
const VERSION = 1;
const MAC_BYTES = 32;
const HEADER_BYTES = 1 + MAC_BYTES;
const MIN_KEY_LENGTH = 32;

const source = /* @__PURE__ */ oneOf('CURSOR_KEY', 'CURSOR_KEY_SECRET_ID');

const cursorKey = /* @__PURE__ */ loadedOnce(async (): Promise<Buffer> => {
  const value = source.first() ?? (await readSecret(defined(source.second(), 'CURSOR_KEY or CURSOR_KEY_SECRET_ID')));
  if (value === undefined || value.length < MIN_KEY_LENGTH) {
    throw new Error(`The cursor key must hold at least ${MIN_KEY_LENGTH} characters (CURSOR_KEY or its secret)`);
  }
  return Buffer.from(value, 'utf8');
});

/** Who may continue a list: one collection (a parent and its items) of one company. */
export interface CursorBinding {
  range: KeyRange;
  companyId: string;
}

function mac(secret: Buffer, { range, companyId }: CursorBinding, sk: Buffer): Buffer {
  return createHmac('sha256', secret)
    .update(JSON.stringify(['dpp-cursor', VERSION, range.pk, range.from, range.to, companyId]))
    .update(sk)
    .digest();
}

const invalidCursor = () => new InvalidInputError('invalid cursor', 'INVALID_CURSOR');

/** The cursor after `last`, the key of the last item of a page of `binding.range`. */
export async function encodeCursor(last: Key, binding: CursorBinding): Promise<string> {
  if (last.pk !== binding.range.pk) throw new Error('a cursor must be bound to the collection of its key');
  const sk = Buffer.from(last.sk, 'utf8');
  const version = Buffer.of(VERSION);
  return Buffer.concat([version, mac(await cursorKey(), binding, sk), sk]).toString('base64url');
}

/**
 * The key to continue after, when `cursor` was made by encodeCursor for exactly this
 * collection and company; otherwise the same INVALID_CURSOR, whatever was wrong.
 */
export async function decodeCursor(cursor: string, binding: CursorBinding): Promise<Key> {
  const bytes = Buffer.from(cursor, 'base64url');
  // Only the canonical spelling: Buffer skips characters outside the alphabet silently.
  if (bytes.length > HEADER_BYTES && bytes[0] === VERSION && bytes.toString('base64url') === cursor) {
    const sk = bytes.subarray(HEADER_BYTES);
    const expected = mac(await cursorKey(), binding, sk);
    if (timingSafeEqual(expected, bytes.subarray(1, HEADER_BYTES))) {
      const { range } = binding;
      const text = sk.toString('utf8');
      if (text > range.from && text <= range.to) return { pk: range.pk, sk: text };
    }
  }
  throw invalidCursor();
}
