import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { calculateJwkThumbprint, decodeProtectedHeader } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNING_KEY_TTL_MS } from '../../../lib/auth/signing-key';
import { API_KEY, authItems, WALLET } from '../../support/unit/api-keys';
import { invoke } from '../../support/unit/events';
import { answerBatchGetFrom } from '../../support/unit/fake-table';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';

/**
 * The rotation of docs/deploy.md "Rotating the signing key", through the real handlers: the
 * issuer reads its private key from Secrets Manager (mocked) as in the cloud, and each
 * deploy is a fresh load of the functions (new containers) with the JWT_PUBLIC_KEYS the
 * stack would give them.
 */
const db = mockClient(DynamoDBDocumentClient);
const secrets = mockClient(SecretsManagerClient);
const SECRET_ID = 'arn:aws:secretsmanager:eu-central-1:000000000000:secret:JwtSigningKey';

interface Pair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}
const newPair = (): Pair => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const publicPem = (pair: Pair) => pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const privatePem = (pair: Pair) => pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const kidOf = (pair: Pair) => calculateJwkThumbprint(pair.publicKey);

let secretValue: string;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-01T09:00:00Z'));
  db.reset();
  secrets.reset();
  answerBatchGetFrom(db, authItems);
  db.on(QueryCommand).resolves({ Items: [dppItem(), dppFileItem()] });
  secrets.on(GetSecretValueCommand, { SecretId: SECRET_ID }).callsFake(() => ({ SecretString: secretValue }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** New containers of the token endpoint and of an authenticated route, listing `listed` as JWT_PUBLIC_KEYS. */
async function deploy(listed: Pair[]) {
  vi.resetModules();
  vi.stubEnv('JWT_PUBLIC_KEYS', listed.map(publicPem).join('\n'));
  vi.stubEnv('JWT_PRIVATE_KEY', undefined);
  vi.stubEnv('JWT_SIGNING_KEY_SECRET_ID', SECRET_ID);
  const [{ handler: generateJwt }, { handler: listDppFiles }] = await Promise.all([
    import('../../../functions/generate-jwt'),
    import('../../../functions/list-dpp-files'),
  ]);
  const requestToken = () =>
    invoke('generate-jwt', generateJwt, { method: 'GET', url: `/generateJWT/${API_KEY}/${WALLET}` });
  return {
    requestToken,
    async issue(): Promise<string> {
      const response = await requestToken();
      expect(response.status).toBe(200);
      return response.json.authToken;
    },
    list: (token: string) =>
      invoke('list-dpp-files', listDppFiles, { method: 'GET', url: `/view-dpp-files/${IDS.dpp}`, token }),
  };
}

const kidIn = (token: string) => decodeProtectedHeader(token).kid;

describe('rotating the signing key', () => {
  it('keeps key-1 tokens working while key 1 is listed, signs with key 2 after the secret changes, and refuses key 1 once unlisted', async () => {
    const [key1, key2] = [newPair(), newPair()];

    // Before: key 1 signs and is the only key listed.
    secretValue = privatePem(key1);
    const before = await deploy([key1]);
    const token1 = await before.issue();
    expect(kidIn(token1)).toBe(await kidOf(key1));
    expect((await before.list(token1)).status).toBe(200);

    // 1. Deploy with both public keys: key-1 tokens keep working, key 1 still signs.
    const both = await deploy([key1, key2]);
    expect((await both.list(token1)).status).toBe(200);
    expect(kidIn(await both.issue())).toBe(await kidOf(key1));

    // 2. Put key 2 in the secret: the warm issuer signs with key 1 until its cached key expires...
    secretValue = privatePem(key2);
    vi.advanceTimersByTime(SIGNING_KEY_TTL_MS - 1000);
    expect(kidIn(await both.issue())).toBe(await kidOf(key1));
    // ...then with key 2, with no redeploy. Tokens of both keys verify.
    vi.advanceTimersByTime(1000);
    const token2 = await both.issue();
    expect(kidIn(token2)).toBe(await kidOf(key2));
    expect((await both.list(token2)).status).toBe(200);
    expect((await both.list(token1)).status).toBe(200);

    // 3. Deploy with key 2 only: a key-1 token, though not expired, is refused.
    const after = await deploy([key2]);
    const refused = await after.list(token1);
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ error: 'invalid token', code: 'INVALID_TOKEN' });
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect((await after.list(token2)).status).toBe(200);
    expect(kidIn(await after.issue())).toBe(await kidOf(key2));
  });

  it('reads the secret once per TTL, not once per token', async () => {
    const key = newPair();
    secretValue = privatePem(key);
    const { issue } = await deploy([key]);
    for (let i = 0; i < 5; i++) await issue();
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    vi.advanceTimersByTime(SIGNING_KEY_TTL_MS);
    await issue();
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('answers 500 while the secret holds no key, and issues tokens on the next request once it does', async () => {
    const key = newPair();
    secretValue = 'REPLACE_ME: PKCS#8 PEM of the ES256 private key';
    const { issue, requestToken } = await deploy([key]);
    const failed = await requestToken();
    expect([failed.status, failed.json]).toEqual([500, { error: 'Internal server error', code: 'INTERNAL_ERROR' }]);
    secretValue = privatePem(key);
    expect(kidIn(await issue())).toBe(await kidOf(key));
  });
});
