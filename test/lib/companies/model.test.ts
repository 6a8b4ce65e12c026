import { describe, expect, it } from 'vitest';
import { toMemberItems } from '../../../lib/companies/model';
import * as keys from '../../../lib/data/keys';

describe('toMemberItems', () => {
  it('makes the user, its wallet and its e-mail claim, which never expires', () => {
    const member = toMemberItems({
      id: 'u2',
      company_id: 'c1',
      email: 'Editor@Acme.example',
      wallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      role: 'member',
      created_at: '2026-11-01T09:00:00.000Z',
    });
    expect(member.user).toMatchObject({ ...keys.user('c1', 'u2'), email: 'editor@acme.example', role: 'member' });
    expect(member.wallet).toMatchObject({
      ...keys.wallet('0x70997970c51812dc3a010c7d01b50e0d17dc79c8'),
      user_id: 'u2',
      company_id: 'c1',
      role: 'member',
    });
    expect(member.emailClaim).toEqual({
      ...keys.emailClaim('c1', 'editor@acme.example'),
      type: 'EMAIL_CLAIM',
      company_id: 'c1',
      email: 'editor@acme.example',
      user_id: 'u2',
      created_at: '2026-11-01T09:00:00.000Z',
    });
  });
});
