import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createInvitation, createInvitationInput } from '../../../lib/invitations/create-invitation';
import { Password } from '../../../lib/invitations/password';

const body = {
  email: '  New.Member@Example.COM ',
  password: 'a-long-enough-secret',
  wallet_address: '0x71bE63f3384f5fb98995898A86B02Fb2426c5788',
  status: 'ACCEPTED',
};
const parse = (fields: Record<string, unknown>) => v.safeParse(createInvitationInput, { body: { ...body, ...fields } });

describe('createInvitationInput', () => {
  it('takes the password as a Password at once, lower-cases the e-mail and drops nothing it needs', () => {
    const parsed = v.parse(createInvitationInput, { body }).body;
    expect(parsed.password).toBeInstanceOf(Password);
    expect(JSON.stringify(parsed)).not.toContain(body.password);
    expect(parsed.email).toBe('new.member@example.com');
  });

  it.each([
    ['too short', 'short'],
    ['too long', 'x'.repeat(129)],
    ['a number', 12345678901],
    ['an object', { plain: 'a-long-enough-secret' }],
  ])('refuses a password that is %s without repeating it', (_, password) => {
    const result = parse({ password });
    expect(result.success).toBe(false);
    const messages = JSON.stringify(result.issues!.map((i) => i.message));
    expect(messages).toContain('must be a string of 8 to 128 characters');
    expect(messages).not.toContain(typeof password === 'object' ? password.plain : String(password).slice(0, 8));
  });

  it('refuses a mixed-case wallet whose EIP-55 checksum is wrong, and takes one-case addresses', () => {
    expect(parse({ wallet_address: body.wallet_address.replace('bE', 'Be') }).success).toBe(false);
    expect(parse({ wallet_address: body.wallet_address.toLowerCase() }).success).toBe(true);
    expect(parse({ wallet_address: body.wallet_address.toUpperCase().replace('0X', '0x') }).success).toBe(true);
  });
});

describe('createInvitation', () => {
  const db = mockClient(DynamoDBDocumentClient);
  const input = v.parse(createInvitationInput, { body });
  const admin = { userId: 'u1', companyId: 'c1', wallet: '0x1', role: 'admin' };

  it('refuses a member who is not an admin, and another company_id, before reading or hashing anything', async () => {
    db.reset();
    await expect(createInvitation({ ...admin, role: 'member' }, input)).rejects.toMatchObject({ code: 'NOT_ADMIN' });
    await expect(createInvitation(admin, { body: { ...input.body, company_id: 'c2' } })).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'COMPANY_MISMATCH',
    });
    expect(db.calls()).toHaveLength(0);
  });
});
