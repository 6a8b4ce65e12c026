import { createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { call, demo, localEnv } from '../support/api';

const path = (key: string, wallet: string) => `/generateJWT/${key}/${wallet}`;
const INVALID = { error: 'invalid API key', code: 'INVALID_API_KEY' };

describe('GET /generateJWT/{api_key}/{wallet_address}', () => {
  it('issues an ES256 token with the claims of the wallet owner, valid one hour', async () => {
    const { status, body, headers } = await call('GET', path(demo.acme.apiKey, demo.acme.admin.wallet));
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json');
    expect(Object.keys(body)).toEqual(['authToken']);
    expect(decodeProtectedHeader(body.authToken)).toEqual({
      alg: 'ES256',
      typ: 'JWT',
      kid: await calculateJwkThumbprint(createPublicKey(localEnv.JWT_PUBLIC_KEYS!).export({ format: 'jwk' })),
    });
    const claims = decodeJwt(body.authToken);
    expect(claims).toMatchObject({
      sub: demo.acme.admin.id,
      company_id: demo.acme.company.id,
      // Wallets are stored and signed in lower case; the demo data writes them checksummed (EIP-55).
      wallet: demo.acme.admin.wallet.toLowerCase(),
      role: 'admin',
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.jti).toEqual(expect.any(String));
    expect(claims.iss).toEqual(expect.any(String));
    expect(claims.aud).toEqual(expect.any(String));
  });

  it('accepts the wallet in any letter case', async () => {
    const { status } = await call(
      'GET',
      path(demo.acme.apiKey, demo.acme.admin.wallet.toUpperCase().replace('0X', '0x')),
    );
    expect(status).toBe(200);
  });

  it('answers an unknown, a disabled and a mismatched key with the same 401', async () => {
    const unknown = await call('GET', path('no-such-key', demo.acme.admin.wallet));
    const disabled = await call('GET', path(demo.acme.disabledApiKey, demo.acme.admin.wallet));
    const otherCompanysWallet = await call('GET', path(demo.acme.apiKey, demo.globex.admin.wallet));
    const unknownWallet = await call('GET', path(demo.acme.apiKey, `0x${'9'.repeat(40)}`));
    for (const reply of [unknown, disabled, otherCompanysWallet, unknownWallet]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(INVALID);
    }
  });

  it('rejects a wallet address that is not an address with 400', async () => {
    const { status, body } = await call('GET', path(demo.acme.apiKey, 'not-a-wallet'));
    expect(status).toBe(400);
    expect(body.details).toEqual([{ path: 'wallet_address', message: expect.any(String) }]);
  });

  it('issues a token the authenticated routes accept', async () => {
    const { body } = await call('GET', path(demo.globex.apiKey, demo.globex.admin.wallet));
    const list = await call('GET', `/view-dpp-files/${demo.globex.dpp.id}`, { token: body.authToken });
    expect(list.status).toBe(200);
  });
});
