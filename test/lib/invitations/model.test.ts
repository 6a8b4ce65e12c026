import { describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { INVITATION_ID, isExpired, newInvitationId, toInvitationItems } from '../../../lib/invitations/model';

describe('invitation ids', () => {
  it('are 128 random bits, base64url: 22 URL-safe characters', () => {
    const ids = Array.from({ length: 1000 }, newInvitationId);
    for (const id of ids) {
      expect(id).toMatch(INVITATION_ID);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
      expect(encodeURIComponent(id)).toBe(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('toInvitationItems', () => {
  const pending = toInvitationItems({
    id: 'QhgyT_gJIgJ02FsEXjfnfw',
    company_id: 'c1',
    email: 'New.Member@Example.COM',
    wallet: '0x71bE63f3384f5fb98995898A86B02Fb2426c5788',
    password_hash: 'scrypt$16384$8$1$salt$key',
    invited_by: 'u1',
    created_at: '2026-11-22T10:00:00.000Z',
  });

  it('is PENDING for 7 days: expires_at, and ttl in epoch seconds for the table', () => {
    expect(pending.invitation).toMatchObject({
      ...keys.invitation('QhgyT_gJIgJ02FsEXjfnfw'),
      status: 'PENDING',
      email: 'new.member@example.com',
      wallet: '0x71be63f3384f5fb98995898a86b02fb2426c5788',
      expires_at: '2026-11-29T10:00:00.000Z',
      ttl: Date.parse('2026-11-29T10:00:00.000Z') / 1000,
    });
    expect(isExpired(pending.invitation, new Date('2026-11-29T09:59:59.999Z'))).toBe(false);
    expect(isExpired(pending.invitation, new Date('2026-11-29T10:00:00.000Z'))).toBe(true);
  });

  it('claims its e-mail and wallet in the company, until it expires', () => {
    expect(pending.emailClaim).toMatchObject({
      ...keys.emailClaim('c1', 'new.member@example.com'),
      invitation_id: pending.invitation.id,
      expires_at: pending.invitation.expires_at,
      wallet: pending.invitation.wallet,
    });
    expect(pending.walletClaim).toMatchObject({
      ...keys.invitedWallet('c1', pending.invitation.wallet),
      invitation_id: pending.invitation.id,
      expires_at: pending.invitation.expires_at,
    });
  });
});
