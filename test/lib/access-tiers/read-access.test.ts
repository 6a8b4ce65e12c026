import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { hashSecret, newSecret, toAccessGrantItem } from '../../../lib/access-tiers/model';
import { readerOf, recordRead } from '../../../lib/access-tiers/read-access';
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
});

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
    await recordRead(grant, 'dpp', { cards: ['c'], files: [], images: ['i'] });
    const input = db.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key?.pk).toBe('ACCESS#dpp-1');
    expect(input.Key?.sk).toMatch(/^LOG#\d{13}#/);
    expect(JSON.stringify(input.ExpressionAttributeValues)).toContain('"g-1"');
  });

  it('answers 503 when the entry cannot be written, so nothing restricted is served unrecorded', async () => {
    db.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(recordRead(grant, 'passport', { cards: [], files: [], images: [] })).rejects.toBeInstanceOf(
      UnavailableError,
    );
  });
});
