import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createDppFileInput } from '../../../lib/dpp-files/create-dpp-file';
import { parseMultipart } from '../../../lib/http/multipart';
import {
  fingerprint,
  type IdempotencyItem,
  idempotencyKey,
  isExpired,
  RETENTION_SECONDS,
} from '../../../lib/idempotency/model';
import { samples } from '../../support/unit/files';
import { IDS } from '../../support/unit/items';
import { multipart, type Part } from '../../support/unit/multipart';

/** The key rule of docs/spec/decisions.md (Retries) and the fingerprint that tells a retry from another request. */
describe('the Idempotency-Key header', () => {
  const valid = (key: string) => v.safeParse(idempotencyKey, key).success;

  it('accepts 1 to 255 visible ASCII characters, every one of them', () => {
    const visible = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    expect(valid('k')).toBe(true);
    expect(valid(visible)).toBe(true);
    expect(valid('x'.repeat(255))).toBe(true);
    expect(valid('8e0f3c1a-2b4d-4e6f-8a9b-0c1d2e3f4a5b')).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'x'.repeat(256)],
    ['a space', 'two words'],
    ['a tab', 'a\tb'],
    ['NUL', 'a\u0000b'],
    ['a control character', 'a\u001bb'],
    ['DEL', 'a\u007fb'],
    ['Latin-1', 'clé'],
    ['an emoji', 'key-🔑'],
  ])('refuses %s', (_, key) => {
    expect(valid(key)).toBe(false);
  });
});

describe('the fingerprint of a request', () => {
  /** What the upload route validates from a multipart body: the real parser, then the route's schema. */
  async function validated(parts: Part[], boundary?: string) {
    const { body, boundary: used } = multipart(parts, boundary);
    const fields = await parseMultipart(body, used, {
      fileSize: 1 << 22,
      files: 2,
      fields: 32,
      fieldSize: 65536,
      parts: 34,
    });
    return v.parse(createDppFileInput, { params: { modelId: IDS.model, dppId: IDS.dpp }, body: fields });
  }
  const upload = (name = 'Manual', content: Buffer = samples.pdf): Part[] => [
    { name: 'name', value: name },
    { name: 'file', filename: 'manual.pdf', contentType: 'application/pdf', content },
  ];

  it('is the same for the same upload under another multipart boundary', async () => {
    const first = await validated(upload(), '----curl-boundary-1a2b3c');
    const retry = await validated(upload(), 'XyZ-another-boundary-99');
    expect(fingerprint(retry)).toBe(fingerprint(first));
  });

  it('differs when a field, the file bytes or the path differ', async () => {
    const base = fingerprint(await validated(upload()));
    expect(fingerprint(await validated(upload('Another name')))).not.toBe(base);
    expect(fingerprint(await validated(upload('Manual', samples.png)))).not.toBe(base);
    const elsewhere = await validated(upload());
    expect(fingerprint({ ...elsewhere, params: { ...elsewhere.params, dppId: 'other-dpp' } })).not.toBe(base);
  });

  it('ignores key order and absent fields, and reads bytes by value', () => {
    const bytes = Buffer.from('same bytes');
    expect(fingerprint({ a: 1, b: { c: Buffer.from(bytes), d: undefined } })).toBe(
      fingerprint({ b: { c: Buffer.from(bytes) }, a: 1 }),
    );
    expect(fingerprint({ a: [1, 2] })).not.toBe(fingerprint({ a: [2, 1] }));
    expect(fingerprint({ a: '1' })).not.toBe(fingerprint({ a: 1 }));
  });

  it('is a hex SHA-256, whatever the size of the file', () => {
    expect(fingerprint({ file: Buffer.alloc(4 * 1024 * 1024, 7) })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the 24 hours of a record', () => {
  const record = (ttl: number) => ({ ttl }) as IdempotencyItem;
  const start = Date.UTC(2026, 10, 21, 10, 0, 0);
  const ttl = start / 1000 + RETENTION_SECONDS;

  it('holds until the last second and ends at the ttl, deleted by DynamoDB or not', () => {
    expect(isExpired(record(ttl), start)).toBe(false);
    expect(isExpired(record(ttl), ttl * 1000 - 1)).toBe(false);
    expect(isExpired(record(ttl), ttl * 1000)).toBe(true);
    expect(isExpired(record(ttl), ttl * 1000 + 3_600_000)).toBe(true);
  });
});
