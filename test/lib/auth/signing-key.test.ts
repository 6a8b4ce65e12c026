import { createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import { describe, expect, it } from 'vitest';
import { signingKey } from '../../../lib/auth/signing-key';

describe('signingKey', () => {
  it('is the environment private key, with the kid of its public half', async () => {
    const { key, kid } = await signingKey();
    expect(key.type).toBe('private');
    expect(kid).toBe(await calculateJwkThumbprint(createPublicKey(process.env.JWT_PUBLIC_KEYS!)));
  });
});
