import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { hashSecret, newReaderKey, newSecret, readerHash, toAccessGrantItem } from '../../../lib/access-tiers/model';
import { readerOf, readKind, recordRead } from '../../../lib/access-tiers/read-access';
import { UnavailableError } from '../../../lib/errors';

/** A read through a grant: the grant read strongly consistent, and a failed log write answered 503. */
const db = mockClient(DynamoDBDocumentClient);
afterEach(() => db.reset());

const secret = newSecret();
const grant = toAccessGrantItem({
  id: 'g-1',
  dpp_id: 'dpp-1',
  company_id: 'acme',
  tier: 'legitimate_interest',
  audience: { email: 'repair@example.com' },
  secret_hash: hashSecret(secret),
  created_at: '2026-11-01T00:00:00.000Z',
  created_by: 'admin',
  expires_at: '2099-01-01T00:00:00.000Z',
  reader_key: newReaderKey(),
});
const request = { method: 'GET', sourceIp: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' };

/** The attribute values an UpdateItem wrote, by attribute name. */
function written(input: {
  UpdateExpression?: string;
  ExpressionAttributeNames?: object;
  ExpressionAttributeValues?: object;
}) {
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
  const pairs = [...(input.UpdateExpression ?? '').matchAll(/(#\w+)\s*=\s*(:\w+)/g)];
  return Object.fromEntries(pairs.map(([, n, val]) => [names[n!] ?? n, values[val!]]));
}

describe('readerOf', () => {
  it('reads the grant strongly consistent and answers its tier for the right secret', async () => {
    db.on(GetCommand).resolves({ Item: grant });
    expect((await readerOf('dpp-1', `g-1.${secret}`)).tier).toBe('legitimate_interest');
    expect(db.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({
      Key: { pk: 'ACCESS#dpp-1', sk: 'GRANT#g-1' },
      ConsistentRead: true,
    });
  });

  it('answers public, reading nothing, for no value or a malformed one', async () => {
    expect(await readerOf('dpp-1', undefined)).toEqual({ tier: 'public' });
    expect(await readerOf('dpp-1', 'garbage')).toEqual({ tier: 'public' });
    expect(db.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('answers public for an unknown grant', async () => {
    db.on(GetCommand).resolves({});
    expect(await readerOf('dpp-1', `g-1.${secret}`)).toEqual({ tier: 'public' });
  });
});

describe('recordRead', () => {
  it('writes one entry naming the grant and what was served', async () => {
    db.on(UpdateCommand).resolves({});
    await recordRead(grant, 'dpp', { cards: ['c'], files: [], images: ['i'] }, request);
    const input = db.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key?.pk).toBe('ACCESS#dpp-1');
    expect(input.Key?.sk).toMatch(/^LOG#\d{13}#/);
    expect(JSON.stringify(input.ExpressionAttributeValues)).toContain('"g-1"');
    expect(written(input)).toMatchObject({ kind: 'read', reader: readerHash(grant.reader_key!, request) });
  });

  it('stores the reader as a keyed hash only: never the IP address or the user agent', async () => {
    db.on(UpdateCommand).resolves({});
    await recordRead(grant, 'passport', { cards: [], files: [], images: [] }, request);
    const stored = JSON.stringify(db.commandCalls(UpdateCommand)[0]!.args[0].input);
    expect(stored).not.toContain(request.sourceIp);
    expect(stored).not.toContain('Firefox');
    expect(written(db.commandCalls(UpdateCommand)[0]!.args[0].input).reader).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes no reader for a grant created before readers were hashed', async () => {
    db.on(UpdateCommand).resolves({});
    const { reader_key: _, ...older } = grant;
    await recordRead(older, 'dpp', { cards: [], files: [], images: [] }, request);
    expect(written(db.commandCalls(UpdateCommand)[0]!.args[0].input)).not.toHaveProperty('reader');
  });

  it('answers 503 when the entry cannot be written, so nothing restricted is served unrecorded', async () => {
    db.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(recordRead(grant, 'passport', { cards: [], files: [], images: [] }, request)).rejects.toBeInstanceOf(
      UnavailableError,
    );
  });
});

describe('readKind', () => {
  it('tells a 304 revalidation, a HEAD and a full read apart', () => {
    expect(readKind(request)).toBe('read');
    expect(readKind({ ...request, method: 'HEAD' })).toBe('head');
    expect(readKind(request, true)).toBe('not_modified');
    expect(readKind({ ...request, method: 'HEAD' }, true)).toBe('not_modified');
  });
});

describe('readerHash', () => {
  it('is the same for one reader of one grant, and differs by address, user agent and grant key', () => {
    const key = newReaderKey();
    const hash = readerHash(key, request);
    expect(readerHash(key, { ...request })).toBe(hash);
    expect(readerHash(key, { ...request, sourceIp: '203.0.113.8' })).not.toBe(hash);
    expect(readerHash(key, { ...request, userAgent: 'curl/8.5.0' })).not.toBe(hash);
    expect(readerHash(newReaderKey(), request)).not.toBe(hash);
  });

  it('cannot be confused across the two values (an address ending where the user agent starts)', () => {
    const key = newReaderKey();
    expect(readerHash(key, { sourceIp: '1.2.3.4', userAgent: 'x' })).not.toBe(
      readerHash(key, { sourceIp: '1.2.3.', userAgent: '4x' }),
    );
  });
});
