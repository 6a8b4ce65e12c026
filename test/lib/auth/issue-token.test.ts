import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/generate-jwt';
import { hashApiKey } from '../../../lib/auth/api-keys';
import { issueToken } from '../../../lib/auth/issue-token';
import { verifyAuthorization } from '../../../lib/auth/verify-token';
import { keys } from '../../../lib/data/keys';
import { UnauthorizedError } from '../../../lib/http/errors';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { invoke } from '../../support/unit/events';
import { answerBatchGetFrom } from '../../support/unit/fake-table';
import { OTHER_COMPANY_ID, PRINCIPAL } from '../../support/unit/tokens';

const db = mockClient(DynamoDBDocumentClient);

const API_KEY = 'dpp_live_3b9d1c0e7f5a4c2e9b8d7a6f5e4d3c2b';
const DISABLED_KEY = 'dpp_live_disabled_0000000000000000000000';
const OTHER_COMPANY_KEY = 'dpp_live_other_company_000000000000000000';
const WALLET = '0x00000000000000000000000000000000000000aa';
const OTHER_COMPANY_WALLET = '0x00000000000000000000000000000000000000bb';

const apiKeyItem = (plain: string, companyId: string, enabled: boolean) => ({
  ...keys.apiKey(hashApiKey(plain)),
  type: 'APIKEY',
  company_id: companyId,
  name: 'unit key',
  enabled,
  created_at: '2026-01-01T00:00:00.000Z',
});
const walletItem = (address: string, companyId: string, userId: string) => ({
  ...keys.wallet(address),
  type: 'WALLET',
  address,
  user_id: userId,
  company_id: companyId,
  role: 'admin',
});

const table = [
  apiKeyItem(API_KEY, PRINCIPAL.companyId, true),
  apiKeyItem(DISABLED_KEY, PRINCIPAL.companyId, false),
  apiKeyItem(OTHER_COMPANY_KEY, OTHER_COMPANY_ID, true),
  walletItem(WALLET, PRINCIPAL.companyId, PRINCIPAL.userId),
  walletItem(OTHER_COMPANY_WALLET, OTHER_COMPANY_ID, 'user-other'),
];

const issue = (apiKey: string, wallet: string) => issueToken({ params: { api_key: apiKey, wallet_address: wallet } });

beforeEach(() => {
  db.reset();
  answerBatchGetFrom(db, table);
});

describe('issueToken', () => {
  it('issues an ES256 token for an enabled key and a wallet of its company, with the claims of decisions.md', async () => {
    const { authToken } = await issue(API_KEY, WALLET);

    expect(decodeProtectedHeader(authToken)).toEqual({ alg: 'ES256', typ: 'JWT' });
    const publicKey = await importSPKI(process.env.JWT_PUBLIC_KEY!, 'ES256');
    const { payload } = await jwtVerify(authToken, publicKey, { algorithms: ['ES256'] });
    expect(Object.keys(payload).sort()).toEqual(['aud', 'company_id', 'exp', 'iat', 'iss', 'jti', 'role', 'sub', 'wallet']);
    expect(payload).toMatchObject({
      sub: PRINCIPAL.userId,
      company_id: PRINCIPAL.companyId,
      wallet: WALLET,
      role: 'admin',
      iss: process.env.JWT_ISSUER,
      aud: process.env.JWT_AUDIENCE,
    });
    expect(payload.exp).toBe(payload.iat! + 3600);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('issues a token the verifier accepts as the wallet’s user', async () => {
    const { authToken } = await issue(API_KEY, WALLET);
    await expect(verifyAuthorization(`Bearer ${authToken}`)).resolves.toEqual({
      userId: PRINCIPAL.userId,
      companyId: PRINCIPAL.companyId,
      wallet: WALLET,
      role: 'admin',
    });
  });

  it('gives every token its own jti', async () => {
    const jti = async () => JSON.parse(Buffer.from((await issue(API_KEY, WALLET)).authToken.split('.')[1]!, 'base64url').toString()).jti;
    expect(await jti()).not.toBe(await jti());
  });

  it('reads the API key and the wallet in exactly one BatchGetItem, by the key’s hash and the lowercased address', async () => {
    await issue(API_KEY, WALLET.toUpperCase().replace('0X', '0x'));
    const calls = db.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(db.calls()).toHaveLength(1);
    const requested = Object.values(calls[0]!.args[0].input.RequestItems ?? {}).flatMap((r) => r.Keys ?? []);
    expect(requested).toEqual(expect.arrayContaining([keys.apiKey(hashApiKey(API_KEY)), keys.wallet(WALLET)]));
    expect(JSON.stringify(calls[0]!.args[0].input)).not.toContain(API_KEY);
  });

  it.each([
    ['an unknown API key', 'dpp_live_unknown_00000000000000000000000', WALLET],
    ['a disabled API key', DISABLED_KEY, WALLET],
    ['a wallet of another company', API_KEY, OTHER_COMPANY_WALLET],
    ["another company's key for our wallet", OTHER_COMPANY_KEY, WALLET],
    ['an unknown wallet', API_KEY, '0x00000000000000000000000000000000000000cc'],
  ])('answers 401 "invalid API key" for %s, after one BatchGetItem', async (_, apiKey, wallet) => {
    const error = await issue(apiKey, wallet).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_API_KEY', message: 'invalid API key' });
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(1);
  });
});

describe('GET /generateJWT/{api_key}/{wallet_address}', () => {
  const call = (apiKey: string, wallet: string) =>
    invoke('generate-jwt', handler, { method: 'GET', url: `/generateJWT/${encodeURIComponent(apiKey)}/${wallet}` });

  it('answers 200 with authToken', async () => {
    const response = await call(API_KEY, WALLET);
    expect(response.status).toBe(200);
    expect(Object.keys(response.json)).toEqual(['authToken']);
  });

  it('answers unknown, disabled and mismatched keys with the same 401 body and headers', async () => {
    const responses = await Promise.all([
      call('dpp_live_unknown_00000000000000000000000', WALLET),
      call(DISABLED_KEY, WALLET),
      call(API_KEY, OTHER_COMPANY_WALLET),
      call(API_KEY, '0x00000000000000000000000000000000000000cc'),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(401);
      expect(response.text).toBe('{"error":"invalid API key","code":"INVALID_API_KEY"}');
      expect(response.headers).toEqual(responses[0]!.headers);
    }
  });

  it('answers 400 with the detail path wallet_address for an address that is not 20 hex bytes, without reading the table', async () => {
    const response = await call(API_KEY, '0x1234');
    expect(response.status).toBe(400);
    expect(response.json.details).toEqual([{ path: 'wallet_address', message: expect.any(String) }]);
    expect(db.calls()).toHaveLength(0);
  });

  it('answers 503 when DynamoDB keeps leaving the keys unprocessed, after three tries', async () => {
    db.reset();
    db.on(BatchGetCommand).callsFake((input) => ({ Responses: {}, UnprocessedKeys: input.RequestItems, $metadata: {} }));
    const response = await call(API_KEY, WALLET);
    expect(response.status).toBe(503);
    expect(response.json.code).toBe('SERVICE_UNAVAILABLE');
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(3);
  });

  it('answers 503 with retry-after when the read is throttled', async () => {
    db.reset();
    db.on(BatchGetCommand).rejects(dynamoErrors.provisionedThroughputExceeded());
    const response = await call(API_KEY, WALLET);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
  });
});
