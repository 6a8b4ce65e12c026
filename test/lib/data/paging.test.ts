import { describe, expect, it } from 'vitest';
import { rejection } from '../../support/unit/rejection';
import { ranges } from '../../../lib/data/keys';
import { decodeCursor, encodeCursor, pageQuery } from '../../../lib/data/paging';


describe('cursors', () => {
  const key = { pk: 'DPP#dpp-1', sk: 'DPP_FILE#0197f3c2-7b1e-7a3d-9c4f-2b8e5d6a1f00' };
  const files = ranges.dppWithFiles('dpp-1');

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

  it('answers 400 INVALID_CURSOR for a cursor of another collection', () => {
    const error = rejection(() => decodeCursor(encodeCursor(key), ranges.dppWithFiles('dpp-2')));
    expect([error.status, error.code]).toEqual([400, 'INVALID_CURSOR']);
  });

  it('answers 400 INVALID_CURSOR for a cursor on another kind of item of the same collection', () => {
    const card = { pk: 'DPP#dpp-1', sk: 'CARD#c1' };
    const error = rejection(() => decodeCursor(encodeCursor(card), files));
    expect([error.status, error.code]).toEqual([400, 'INVALID_CURSOR']);
  });

  it.each([
    ['garbage', 'not a cursor!'],
    ['base64 of something that is not JSON', Buffer.from('hello').toString('base64url')],
    ['JSON without a sort key', Buffer.from(JSON.stringify({ pk: 'DPP#dpp-1' })).toString('base64url')],
    ['JSON with a non-string key', Buffer.from(JSON.stringify({ pk: 'DPP#dpp-1', sk: 5 })).toString('base64url')],
    ['JSON null', Buffer.from('null').toString('base64url')],
  ])('answers 400 INVALID_CURSOR for %s', (_, cursor) => {
    const error = rejection(() => decodeCursor(cursor, files));
    expect([error.status, error.code]).toEqual([400, 'INVALID_CURSOR']);
  });
});

describe('pageQuery', () => {
  it('defaults the limit to 100', () => {
    expect(pageQuery.parse({})).toEqual({ limit: 100 });
  });

  it('coerces the query-string limit to a number', () => {
    expect(pageQuery.parse({ limit: '25', cursor: 'abc' })).toEqual({ limit: 25, cursor: 'abc' });
  });

  it.each(['1', '100'])('accepts the limit %s', (limit) => {
    expect(pageQuery.safeParse({ limit }).success).toBe(true);
  });

  it.each(['0', '101', '-1', '2.5', 'ten'])('rejects the limit %s', (limit) => {
    expect(pageQuery.safeParse({ limit }).success).toBe(false);
  });

  it('rejects an empty cursor and an overlong one', () => {
    expect(pageQuery.safeParse({ cursor: '' }).success).toBe(false);
    expect(pageQuery.safeParse({ cursor: 'a'.repeat(1025) }).success).toBe(false);
  });
});
