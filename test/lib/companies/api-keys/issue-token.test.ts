import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { calculateJwkThumbprint, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { verifyAuthorization } from '../../../../lib/auth/verify-token';
import { issueToken } from '../../../../lib/companies/api-keys/issue-token';
import { hashApiKey } from '../../../../lib/companies/api-keys/model';
import * as keys from '../../../../lib/data/keys';
import { UnauthenticatedError } from '../../../../lib/errors';
import {
  API_KEY,
  authItems,
  DISABLED_KEY,
  OTHER_COMPANY_KEY,
  OTHER_COMPANY_WALLET,
  UNKNOWN_KEY,
  UNKNOWN_WALLET,
  WALLET,
} from '../../../support/unit/api-keys';
import { answerBatchGetFrom } from '../../../support/unit/fake-table';
import { domainFailure } from '../../../support/unit/rejection';
import { PRINCIPAL } from '../../../support/unit/tokens';

const db = mockClient(DynamoDBDocumentClient);

const issue = (apiKey: string, wallet: string) => issueToken({ params: { api_key: apiKey, wallet_address: wallet } });

beforeEach(() => {
  db.reset();
  answerBatchGetFrom(db, authItems);
});

describe('issueToken', () => {
  it('issues an ES256 token for an enabled key and a wallet of its company, with the claims of docs/spec/decisions.md', async () => {
    const { authToken } = await issue(API_KEY, WALLET);

    const publicKey = await importSPKI(process.env.JWT_PUBLIC_KEYS!, 'ES256', { extractable: true });
    // kid: the RFC 7638 thumbprint of the public key that verifies the token.
    const kid = await calculateJwkThumbprint(publicKey);
    expect(decodeProtectedHeader(authToken)).toEqual({ alg: 'ES256', typ: 'JWT', kid });
    const { payload } = await jwtVerify(authToken, publicKey, { algorithms: ['ES256'] });
    expect(Object.keys(payload).sort()).toEqual([
      'aud',
      'company_id',
      'exp',
      'iat',
      'iss',
      'jti',
      'role',
      'sub',
      'wallet',
    ]);
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
    const jti = async () =>
      JSON.parse(Buffer.from((await issue(API_KEY, WALLET)).authToken.split('.')[1]!, 'base64url').toString()).jti;
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

  it('reads the key strongly consistent, so a key disabled a moment ago issues no token', async () => {
    await issue(API_KEY, WALLET);
    const [call] = db.commandCalls(BatchGetCommand);
    expect(Object.values(call!.args[0].input.RequestItems ?? {}).map((r) => r.ConsistentRead)).toEqual([true]);
  });

  it.each([
    ['an unknown API key', UNKNOWN_KEY, WALLET],
    ['a disabled API key', DISABLED_KEY, WALLET],
    ['a wallet of another company', API_KEY, OTHER_COMPANY_WALLET],
    ["another company's key for our wallet", OTHER_COMPANY_KEY, WALLET],
    ['an unknown wallet', API_KEY, UNKNOWN_WALLET],
  ])(
    'refuses %s with the same unauthenticated "invalid API key", after one BatchGetItem',
    async (_, apiKey, wallet) => {
      const error = await domainFailure(issue(apiKey, wallet));
      expect(error).toBeInstanceOf(UnauthenticatedError);
      expect(error).toMatchObject({ kind: 'unauthenticated', code: 'INVALID_API_KEY', message: 'invalid API key' });
      expect(db.commandCalls(BatchGetCommand)).toHaveLength(1);
    },
  );
});
