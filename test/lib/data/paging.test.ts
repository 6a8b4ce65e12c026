import { createHmac } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ranges } from '../../../lib/data/keys';
import { type CursorBinding, decodeCursor, encodeCursor } from '../../../lib/data/paging';
import { InvalidInputError } from '../../../lib/errors';
import { domainFailure } from '../../support/unit/rejection';

/**
 * Cursors (docs/spec/decisions.md, Lists): opaque, tamper-proof, bound to the collection and the
 * caller's company. The unit environment's CURSOR_KEY signs them (test/setup/unit-env.ts).
 */
const COMPANY = '01a19656-4a80-7000-8000-000000000000';
const OTHER_COMPANY = '01a19656-4aa0-7000-8000-000000000032';
const key = { pk: 'DPP#dpp-1', sk: 'DPP_FILE#0197f3c2-7b1e-7a3d-9c4f-2b8e5d6a1f00' };
const files: CursorBinding = { range: ranges.dppWithFiles('dpp-1'), companyId: COMPANY };

/** Every bad cursor is the same invalid-input error, INVALID_CURSOR. */
async function expectInvalidCursor(cursor: string, binding = files) {
  const error = await domainFailure(decodeCursor(cursor, binding));
  expect(error).toBeInstanceOf(InvalidInputError);
  expect([error.kind, error.code, error.message]).toEqual(['invalid', 'INVALID_CURSOR', 'invalid cursor']);
}

const b64 = (value: string) => Buffer.from(value).toString('base64url');

describe('cursors', () => {
  it('round-trips the key of the last item for the same collection and company', async () => {
    expect(await decodeCursor(await encodeCursor(key, files), files)).toEqual(key);
  });

  it('is URL-safe, so it can be sent as ?cursor= unescaped', async () => {
    const odd = { range: { pk: 'DPP#???>>>', from: 'DPP', to: 'DPP_FILE#\uffff' }, companyId: COMPANY };
    expect(await encodeCursor({ pk: 'DPP#???>>>', sk: 'DPP_FILE#~~~\uffff' }, odd)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('carries neither the collection nor the company, nor anything else the item had', async () => {
    const cursor = await encodeCursor({ ...key, company_id: 'secret' } as typeof key, files);
    const text = Buffer.from(cursor, 'base64url').toString('latin1');
    for (const absent of ['DPP#dpp-1', COMPANY, 'secret']) expect(text).not.toContain(absent);
  });

  it('refuses a cursor of another collection as INVALID_CURSOR', async () => {
    await expectInvalidCursor(await encodeCursor(key, files), { ...files, range: ranges.dppWithFiles('dpp-2') });
  });

  it('refuses the cursor of a template listing on a DPP listing of the same id', async () => {
    const template: CursorBinding = { range: ranges.templateWithFiles('dpp-1'), companyId: COMPANY };
    const cursor = await encodeCursor({ pk: 'TEMPLATE#dpp-1', sk: 'TEMPLATE_FILE#f1' }, template);
    await expectInvalidCursor(cursor, files);
  });

  it('refuses a cursor made for another company as INVALID_CURSOR, on the very same collection', async () => {
    await expectInvalidCursor(await encodeCursor(key, { ...files, companyId: OTHER_COMPANY }));
  });

  it('refuses a correctly signed cursor on another kind of item of the same collection', async () => {
    await expectInvalidCursor(await encodeCursor({ pk: 'DPP#dpp-1', sk: 'CARD#c1' }, files));
    await expectInvalidCursor(await encodeCursor({ pk: 'DPP#dpp-1', sk: 'DPP' }, files));
  });

  it('refuses a cursor signed with another key', async () => {
    const sk = Buffer.from(key.sk);
    const mac = createHmac('sha256', 'another-key-of-at-least-32-characters!').update('x').update(sk).digest();
    await expectInvalidCursor(Buffer.concat([Buffer.of(1), mac, sk]).toString('base64url'));
  });

  it('refuses every single flipped bit, and every cut', async () => {
    const cursor = await encodeCursor(key, files);
    const bytes = Buffer.from(cursor, 'base64url');
    for (let bit = 0; bit < bytes.length * 8; bit++) {
      const flipped = Buffer.from(bytes);
      flipped[bit >> 3]! ^= 1 << (bit & 7);
      await expectInvalidCursor(flipped.toString('base64url'));
    }
    for (let length = 1; length < cursor.length; length++) await expectInvalidCursor(cursor.slice(0, length));
    await expectInvalidCursor(`${cursor}A`);
  });

  it('refuses the cursor with characters outside base64url that a lenient decoder would skip', async () => {
    const cursor = await encodeCursor(key, files);
    await expectInvalidCursor(`${cursor.slice(0, 10)}.${cursor.slice(10)}`);
    await expectInvalidCursor(`${cursor}=`);
  });

  it.each([
    ['garbage', 'not a cursor!'],
    ['the old format: base64 JSON of the key', b64(JSON.stringify(key))],
    ['base64 of something that is not JSON', b64('hello')],
    ['JSON null', b64('null')],
  ])('refuses %s as INVALID_CURSOR', async (_, cursor) => {
    await expectInvalidCursor(cursor);
  });
});

describe('the cursor key', () => {
  const secrets = mockClient(SecretsManagerClient);

  afterEach(() => {
    secrets.reset();
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** A fresh lib/data/paging.ts (and lib/config.ts) that sees the environment as stubbed now. */
  async function freshPaging(env: Record<string, string | undefined>) {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    vi.resetModules();
    return import('../../../lib/data/paging');
  }

  it('is read from Secrets Manager on the first cursor only, and kept for the container', async () => {
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'k'.repeat(64) });
    const paging = await freshPaging({ CURSOR_KEY: undefined, CURSOR_KEY_SECRET_ID: 'arn:cursor-key' });
    expect(secrets.calls()).toHaveLength(0);

    const cursor = await paging.encodeCursor(key, files);
    expect(await paging.decodeCursor(cursor, files)).toEqual(key);
    await paging.encodeCursor(key, files);

    expect(secrets.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input)).toEqual([
      { SecretId: 'arn:cursor-key' },
    ]);
    // The same key, so the same cursor as a container that has it inline.
    const inline = await freshPaging({ CURSOR_KEY: 'k'.repeat(64) });
    expect(await inline.encodeCursor(key, files)).toBe(cursor);
  });

  it('is read again by the next request when a read failed', async () => {
    secrets
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('network'))
      .resolves({ SecretString: 'k'.repeat(64) });
    const paging = await freshPaging({ CURSOR_KEY: undefined, CURSOR_KEY_SECRET_ID: 'arn:cursor-key' });
    await expect(paging.encodeCursor(key, files)).rejects.toThrow('network');
    expect(await paging.encodeCursor(key, files)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('must be at least 32 characters', async () => {
    const paging = await freshPaging({ CURSOR_KEY: 'short' });
    await expect(paging.encodeCursor(key, files)).rejects.toThrow(/at least 32 characters/);
  });

  it('is a setting a function must have, one of CURSOR_KEY and CURSOR_KEY_SECRET_ID', async () => {
    await freshPaging({ CURSOR_KEY: undefined, CURSOR_KEY_SECRET_ID: undefined });
    const { assertConfigured } = await import('../../../lib/config');
    expect(assertConfigured).toThrow('one of CURSOR_KEY or CURSOR_KEY_SECRET_ID is required');
  });
});
