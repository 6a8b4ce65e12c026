import { describe, expect, it } from 'vitest';
import { ranges } from '../../../lib/data/keys';
import { decodeCursor, encodeCursor } from '../../../lib/data/paging';
import { InvalidInputError } from '../../../lib/errors';
import { rejection } from '../../support/unit/rejection';

describe('cursors', () => {
  const key = { pk: 'DPP#dpp-1', sk: 'DPP_FILE#0197f3c2-7b1e-7a3d-9c4f-2b8e5d6a1f00' };
  const files = ranges.dppWithFiles('dpp-1');

  /** Every bad cursor is the same invalid-input error, INVALID_CURSOR. */
  const expectInvalidCursor = (cursor: string, range = files) => {
    const error = rejection(() => decodeCursor(cursor, range));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect([error.kind, error.code]).toEqual(['invalid', 'INVALID_CURSOR']);
  };

  it('round-trips the key of the last item', () => {
    expect(decodeCursor(encodeCursor(key), files)).toEqual(key);
  });

  it('is URL-safe, so it can be sent as ?cursor= unescaped', () => {
    expect(encodeCursor({ pk: 'DPP#???>>>', sk: 'DPP_FILE#~~~\uffff' })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('carries only pk and sk, whatever else the item had', () => {
    const cursor = encodeCursor({ ...key, company_id: 'secret' } as typeof key);
    expect(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).toEqual(key);
  });

  it('refuses a cursor of another collection as INVALID_CURSOR', () => {
    expectInvalidCursor(encodeCursor(key), ranges.dppWithFiles('dpp-2'));
  });

  it('refuses a cursor on another kind of item of the same collection as INVALID_CURSOR', () => {
    expectInvalidCursor(encodeCursor({ pk: 'DPP#dpp-1', sk: 'CARD#c1' }));
  });

  it.each([
    ['garbage', 'not a cursor!'],
    ['base64 of something that is not JSON', Buffer.from('hello').toString('base64url')],
    ['JSON without a sort key', Buffer.from(JSON.stringify({ pk: 'DPP#dpp-1' })).toString('base64url')],
    ['JSON with a non-string key', Buffer.from(JSON.stringify({ pk: 'DPP#dpp-1', sk: 5 })).toString('base64url')],
    ['JSON null', Buffer.from('null').toString('base64url')],
  ])('refuses %s as INVALID_CURSOR', (_, cursor) => {
    expectInvalidCursor(cursor);
  });
});
