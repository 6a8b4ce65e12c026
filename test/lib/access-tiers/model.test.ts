import { describe, expect, it } from 'vitest';
import {
  type AccessGrantItem,
  accessToken,
  grantView,
  hashSecret,
  newestFirstStamp,
  newSecret,
  parseAccessToken,
  secretMatches,
  tierOfGrant,
  toAccessGrantItem,
} from '../../../lib/access-tiers/model';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const secret = newSecret();
const grant = (fields: Partial<AccessGrantItem> = {}): AccessGrantItem =>
  toAccessGrantItem({
    id: '01a2194d-cf5d-746a-ad2e-1cd9d2a34471',
    dpp_id: 'dpp-1',
    company_id: 'acme',
    tier: 'authority',
    audience: { email: 'inspector@example.com' },
    secret_hash: hashSecret(secret),
    created_at: '2026-11-01T00:00:00.000Z',
    created_by: 'admin',
    expires_at: '2026-12-01T00:00:00.000Z',
    ...fields,
  });

describe('grant secrets', () => {
  it('draws 32 random bytes, base64url, different every time', () => {
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(secret);
  });

  it('stores only the SHA-256 of the secret', () => {
    expect(hashSecret(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(secret)).not.toContain(secret);
    expect(JSON.stringify(grant())).not.toContain(secret);
  });

  it('matches the right secret only, and never a missing grant', () => {
    expect(secretMatches(secret, hashSecret(secret))).toBe(true);
    expect(secretMatches(newSecret(), hashSecret(secret))).toBe(false);
    expect(secretMatches(secret, undefined)).toBe(false);
    expect(secretMatches(secret, 'not-hex')).toBe(false);
  });

  it('parses `<grantId>.<secret>` and nothing else', () => {
    const token = accessToken('g-1', secret);
    expect(parseAccessToken(token)).toEqual({ grantId: 'g-1', secret });
    for (const bad of [undefined, '', 'g-1', `g-1.${secret}x`, `g 1.${secret}`, `.${secret}`, `g-1.${secret.slice(1)}`])
      expect(parseAccessToken(bad)).toBeUndefined();
  });
});

describe('the tier a grant reads at', () => {
  it('is the grant’s tier while the grant is active and the secret right', () => {
    expect(tierOfGrant(grant(), secret, NOW).tier).toBe('authority');
  });

  it('is public for a wrong secret, a missing, expired or revoked grant, or no value, with no error', () => {
    expect(tierOfGrant(grant(), newSecret(), NOW)).toEqual({ tier: 'public' });
    expect(tierOfGrant(undefined, secret, NOW)).toEqual({ tier: 'public' });
    expect(tierOfGrant(grant({ expires_at: NOW.toISOString() }), secret, NOW)).toEqual({ tier: 'public' });
    expect(tierOfGrant(grant({ revoked_at: '2026-11-20T00:00:00.000Z' }), secret, NOW)).toEqual({ tier: 'public' });
    expect(tierOfGrant(grant(), undefined, NOW)).toEqual({ tier: 'public' });
  });

  it('shows a grant without its secret hash, with its status', () => {
    const view = grantView(grant(), NOW);
    expect(view).not.toHaveProperty('secret_hash');
    expect(view.status).toBe('active');
    expect(grantView(grant({ expires_at: '2026-11-02T00:00:00.000Z' }), NOW).status).toBe('expired');
    expect(grantView(grant({ revoked_at: '2026-11-20T00:00:00.000Z' }), NOW).status).toBe('revoked');
  });
});

describe('the access log order', () => {
  it('sorts a later read before an earlier one', () => {
    const earlier = newestFirstStamp(new Date('2026-11-26T12:00:00.000Z'));
    const later = newestFirstStamp(new Date('2026-11-26T12:00:00.001Z'));
    expect(later < earlier).toBe(true);
    expect(later).toHaveLength(13);
  });
});
