import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { SESClient, SESServiceException, SendEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { toApiKeyItem } from '../../lib/companies/api-keys/model';
import { toCompanyItem, toMemberItems } from '../../lib/companies/model';
import * as keys from '../../lib/data/keys';
import { type InvitationItem, toInvitationItems } from '../../lib/invitations/model';
import { verifyPassword } from '../../lib/invitations/password';
import { toOperatorItem } from '../../lib/operators/model';
import { apiUrl, call, demo, isUnavailable, json, localEnv, localTable, tokenFor } from '../support/api';
import { invoke } from '../support/unit/events';

/**
 * POST /create-invitation and POST /accept-invitation over HTTP against the local stack:
 * DynamoDB Local and the local SES, whose store the tests read. Each test makes its own
 * company (written to the table, as no endpoint creates companies), so the seats it counts
 * are its own; the full flow uses Acme and its real API key. Faults only a mock can produce
 * (SES throttling, a refused e-mail) run the handler in this process against the same
 * DynamoDB Local, with SES mocked (last describe).
 */
const sesStoreUrl = inject('sesStoreUrl');
const { doc, tableName } = localTable();
const put = (Item: object) => doc.send(new PutCommand({ TableName: tableName, Item }));
const get = async <T = Record<string, unknown>>(key: { pk: string; sk: string }) =>
  (await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item as T | undefined;

const freshWallet = () => `0x${randomBytes(20).toString('hex')}`;
const freshEmail = (who = 'invitee') => `${who}-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct horse battery staple';

interface Company {
  id: string;
  apiKey: string;
  admin: { id: string; wallet: string; email: string };
  member: { id: string; wallet: string; email: string };
  token: (who?: 'admin' | 'member') => Promise<string>;
}

/** A company of its own: an admin and a member (2 seats), an API key, and `seats` / `limit` as given. */
async function freshCompany(options: { seatsUsed?: number; memberLimit?: number } = {}): Promise<Company> {
  const id = uuidv7();
  const apiKey = `test-key-${randomUUID()}`;
  const person = (role: string) => ({ id: uuidv7(), wallet: freshWallet(), email: freshEmail(role), role });
  const admin = person('admin');
  const member = person('member');
  await put(
    toCompanyItem({
      id,
      name: 'Fresh & <Co> S.p.A.',
      country_code: 'IT',
      created_at: new Date().toISOString(),
      seats_used: options.seatsUsed ?? 2,
      ...(options.memberLimit !== undefined && { member_limit: options.memberLimit }),
    }),
  );
  for (const p of [admin, member]) {
    const items = toMemberItems({ ...p, company_id: id, created_at: new Date().toISOString() });
    await Promise.all([put(items.user), put(items.wallet), put(items.emailClaim)]);
  }
  await put(
    toApiKeyItem(apiKey, { company_id: id, name: 'test', enabled: true, created_at: new Date().toISOString() }),
  );
  const tokens = new Map<string, Promise<string>>();
  const token = (who: 'admin' | 'member' = 'admin') => {
    if (!tokens.has(who)) tokens.set(who, issueToken(apiKey, who === 'admin' ? admin.wallet : member.wallet));
    return tokens.get(who)!;
  };
  return { id, apiKey, admin, member, token };
}

async function issueToken(apiKey: string, wallet: string): Promise<string> {
  const reply = await call('GET', `/generateJWT/${apiKey}/${wallet}`);
  if (reply.status !== 200) throw new Error(`generateJWT: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.authToken as string;
}

const invitation = (fields: Record<string, unknown> = {}) => ({
  email: freshEmail(),
  password: PASSWORD,
  wallet_address: freshWallet(),
  area: 'Quality',
  status: 'ACCEPTED',
  encrypted_wallet: '{"crypto":{"cipher":"aes-128-ctr"},"version":3}',
  index: 3,
  ...fields,
});

const invite = async (token: string, body: unknown, headers?: Record<string, string>) =>
  call<{ message?: string; error?: string; code?: string; details?: Array<{ path: string; message: string }> }>(
    'POST',
    '/create-invitation',
    { token, ...json(body, headers) },
  );
const accept = (invitationId: unknown) => call('POST', '/accept-invitation', json({ invitationId }));

interface SentEmail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  from: string;
}

/** The e-mails the local SES received for `to`. */
async function emailsTo(to: string): Promise<SentEmail[]> {
  const store = (await (await fetch(sesStoreUrl)).json()) as { emails: SentEmail[] };
  return store.emails.filter((email) => email.destination.to.some((address) => address.toLowerCase() === to));
}

/** The invitation id of the accept link of the one e-mail sent to `to`. */
async function invitationIdSentTo(to: string): Promise<string> {
  const [email, ...more] = await emailsTo(to);
  expect(more).toEqual([]);
  const link = /https?:\/\/\S+\/accept-invitation\?invitationId=[A-Za-z0-9_-]+/.exec(email!.body.text ?? '')?.[0];
  expect(link).toBeDefined();
  return new URL(link!).searchParams.get('invitationId')!;
}

const seatsOf = async (companyId: string) => (await get<{ seats_used: number }>(keys.company(companyId)))!.seats_used;

/** An invitation of `company` written straight to the table, created `daysAgo` days ago (7 or more: expired). */
async function storedInvitation(company: Company, daysAgo: number, fields: { email?: string; wallet?: string } = {}) {
  const pending = toInvitationItems({
    id: randomBytes(16).toString('base64url'),
    company_id: company.id,
    email: fields.email ?? freshEmail('stored'),
    wallet: fields.wallet ?? freshWallet(),
    password_hash: 'scrypt$16384$8$1$c2FsdA$a2V5',
    invited_by: company.admin.id,
    created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
  });
  await Promise.all([put(pending.invitation), put(pending.emailClaim), put(pending.walletClaim)]);
  return pending;
}

describe('POST /create-invitation', () => {
  it('stores a PENDING invitation for 7 days, takes a seat, and e-mails an accept link with HTML and text parts', async () => {
    const company = await freshCompany();
    const body = invitation({ email: freshEmail('MiXeD.Case') });
    const reply = await invite(await company.token(), body);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: expect.stringContaining('Invitation sent') });

    const email = String(body.email).toLowerCase();
    const [sent] = await emailsTo(email);
    expect(sent!.from).toBe(localEnv.SES_FROM_ADDRESS);
    expect(sent!.subject).toBe('You are invited to join Fresh & <Co> S.p.A.');
    const id = await invitationIdSentTo(email);
    // 128 random bits, base64url: 22 URL-safe characters.
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const link = `${localEnv.PUBLIC_BASE_URL}/accept-invitation?invitationId=${id}`;
    expect(sent!.body.text).toContain(link);
    expect(sent!.body.html).toContain(`href="${link}"`);
    // The company name is text in the HTML part, never markup.
    expect(sent!.body.html).toContain('Fresh &#38; &#60;Co&#62; S.p.A.');

    const stored = await get<InvitationItem>(keys.invitation(id));
    expect(stored).toMatchObject({
      company_id: company.id,
      email,
      wallet: String(body.wallet_address).toLowerCase(),
      // The client said ACCEPTED; the server decides.
      status: 'PENDING',
      area: 'Quality',
      encrypted_wallet: body.encrypted_wallet,
      wallet_index: 3,
      invited_by: company.admin.id,
    });
    const created = Date.parse(stored!.created_at);
    expect(Date.parse(stored!.expires_at) - created).toBe(7 * 86_400_000);
    expect(stored!.ttl).toBe(Math.floor(Date.parse(stored!.expires_at) / 1000));
    expect(Date.now() - created).toBeLessThan(60_000);
    // scrypt of the password, with a salt, and nowhere the password itself.
    expect(stored!.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword(PASSWORD, stored!.password_hash)).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
    expect(JSON.stringify(reply.body)).not.toContain(PASSWORD);
    expect(await seatsOf(company.id)).toBe(3);
  });

  it('answers 400 with details for a missing or invalid field, and never repeats the password', async () => {
    const company = await freshCompany();
    const token = await company.token();
    const mixedCase = '0x71bE63f3384f5fb98995898A86B02Fb2426c5788';
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['no email', { email: undefined }, 'email'],
      ['a bad email', { email: 'not-an-address' }, 'email'],
      ['no password', { password: undefined }, 'password'],
      ['a short password', { password: 'short7!' }, 'password'],
      ['a password that is not a string', { password: 123456789 }, 'password'],
      ['no wallet', { wallet_address: undefined }, 'wallet_address'],
      ['a wallet that is no address', { wallet_address: '0x1234' }, 'wallet_address'],
      ['a mistyped mixed-case wallet (EIP-55)', { wallet_address: mixedCase.replace('bE', 'Be') }, 'wallet_address'],
      ['a negative index', { index: -1 }, 'index'],
      ['a fractional index', { index: 1.5 }, 'index'],
      ['an encrypted_wallet that is not a string', { encrypted_wallet: { crypto: {} } }, 'encrypted_wallet'],
    ];
    for (const [what, fields, path] of cases) {
      const reply = await invite(token, invitation(fields));
      expect({ what, status: reply.status, code: reply.body.code }).toEqual({
        what,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(reply.body.details?.map((d) => d.path)).toContain(path);
      const password = String(fields.password ?? PASSWORD);
      expect(JSON.stringify(reply.body)).not.toContain(password);
    }
    // A well-checksummed mixed-case address is fine.
    expect((await invite(token, invitation({ wallet_address: mixedCase }))).status).toBe(200);
    expect((await call('POST', '/create-invitation', { token, ...json([]) })).status).toBe(400);
    expect(await seatsOf(company.id)).toBe(3);
  });

  it('answers 400 when a member or a pending invitation has the e-mail or the wallet, whatever the case', async () => {
    const company = await freshCompany();
    const token = await company.token();
    const first = invitation();
    expect((await invite(token, first)).status).toBe(200);
    const taken: Array<[Record<string, unknown>, string]> = [
      [{ email: company.member.email.toUpperCase() }, 'EMAIL_TAKEN'],
      [{ email: String(first.email).toUpperCase() }, 'EMAIL_TAKEN'],
      [{ wallet_address: company.member.wallet.toUpperCase().replace('0X', '0x') }, 'WALLET_TAKEN'],
      [{ wallet_address: first.wallet_address }, 'WALLET_TAKEN'],
      // The admin's own wallet and e-mail.
      [{ wallet_address: company.admin.wallet }, 'WALLET_TAKEN'],
      [{ email: company.admin.email }, 'EMAIL_TAKEN'],
    ];
    for (const [fields, code] of taken) {
      const reply = await invite(token, invitation(fields));
      expect({ fields, status: reply.status, code: reply.body.code }).toEqual({ fields, status: 400, code });
    }
    expect(await seatsOf(company.id)).toBe(3);
  });

  it('answers 403 to a member who is not an admin, and to a company_id that is not the token’s', async () => {
    const company = await freshCompany();
    const body = invitation();
    const byMember = await invite(await company.token('member'), body);
    expect({ status: byMember.status, code: byMember.body.code }).toEqual({ status: 403, code: 'NOT_ADMIN' });
    const elsewhere = await invite(await company.token(), { ...body, company_id: demo.acme.company.id });
    expect({ status: elsewhere.status, code: elsewhere.body.code }).toEqual({ status: 403, code: 'COMPANY_MISMATCH' });
    const own = await invite(await company.token(), { ...body, company_id: company.id });
    expect(own.status).toBe(200);
    expect(await emailsTo(String(body.email))).toHaveLength(1);
  });

  it('answers 403 over the member limit: 5 by default, pending invitations included; member_limit raises it', async () => {
    const full = await freshCompany({ seatsUsed: 5 });
    const over = await invite(await full.token(), invitation());
    expect({ status: over.status, code: over.body.code }).toEqual({ status: 403, code: 'MEMBER_LIMIT_EXCEEDED' });
    expect(await seatsOf(full.id)).toBe(5);

    const onPlan = await freshCompany({ seatsUsed: 5, memberLimit: 6 });
    const token = await onPlan.token();
    expect((await invite(token, invitation())).status).toBe(200);
    // The invitation just sent counts: the plan's sixth seat is taken.
    const sixth = await invite(token, invitation());
    expect({ status: sixth.status, code: sixth.body.code }).toEqual({ status: 403, code: 'MEMBER_LIMIT_EXCEEDED' });
    expect(await seatsOf(onPlan.id)).toBe(6);
  });

  // On a busy machine an invitation may answer 503 (its budget ran out): a correct answer. Whatever
  // the answers, the limit holds: at most 2 stored, each 200 stored and e-mailed, each 403 nothing.
  it('holds the limit under concurrency: 20 parallel invitations on 2 free seats are at most 2 × 200, the others 403 (or 503)', async () => {
    const company = await freshCompany({ seatsUsed: 3 });
    const token = await company.token();
    const bodies = Array.from({ length: 20 }, () => invitation());
    const replies = await Promise.all(bodies.map((body) => invite(token, body)));
    expect(
      replies.filter((r) => ![200, 403].includes(r.status) && !isUnavailable(r)).map((r) => [r.status, r.body]),
    ).toEqual([]);
    expect(replies.filter((r) => r.status === 200).length).toBeLessThanOrEqual(2);
    expect(replies.filter((r) => r.status === 403).every((r) => r.body.code === 'MEMBER_LIMIT_EXCEEDED')).toBe(true);
    // Each answered 200 was stored and e-mailed; the refused left no claim behind; a 503 left both or neither.
    let invited = 0;
    for (const [i, body] of bodies.entries()) {
      const claim = !!(await get(keys.emailClaim(company.id, String(body.email))));
      const wallet = !!(await get(keys.invitedWallet(company.id, String(body.wallet_address))));
      const mails = (await emailsTo(String(body.email))).length;
      const status = replies[i]?.status;
      if (claim) invited++;
      if (status === 503) expect({ claim, wallet }).toEqual({ claim: wallet, wallet: claim });
      else
        expect({ claim, wallet, mails }).toEqual({
          claim: status === 200,
          wallet: status === 200,
          mails: status === 200 ? 1 : 0,
        });
    }
    expect(invited).toBeLessThanOrEqual(2);
    expect(await seatsOf(company.id)).toBe(3 + invited);
  }, 60_000);

  it('gives an expired invitation’s seat, e-mail and wallet back to a new invitation', async () => {
    // Five seats: the admin, the member, two live invitations and one that expired a day ago.
    const company = await freshCompany({ seatsUsed: 5 });
    const live = [await storedInvitation(company, 1), await storedInvitation(company, 6)];
    const expired = await storedInvitation(company, 8);
    const token = await company.token();
    // The expired one's own e-mail and wallet may be invited again, on its seat.
    const again = await invite(
      token,
      invitation({ email: expired.invitation.email, wallet_address: expired.invitation.wallet }),
    );
    expect(again.status).toBe(200);
    expect(await seatsOf(company.id)).toBe(5);
    const claim = await get<{ invitation_id: string }>(keys.emailClaim(company.id, expired.invitation.email));
    expect(claim!.invitation_id).not.toBe(expired.invitation.id);
    // The live ones still hold their seats: the company is full again.
    const full = await invite(token, invitation());
    expect({ status: full.status, code: full.body.code }).toEqual({ status: 403, code: 'MEMBER_LIMIT_EXCEEDED' });
    for (const { invitation: inv } of live) expect(await get(keys.emailClaim(company.id, inv.email))).toBeDefined();
    // The expired invitation itself is left to the table's TTL, and cannot be accepted.
    const late = await accept(expired.invitation.id);
    expect({ status: late.status, code: late.body.code }).toEqual({ status: 400, code: 'INVITATION_EXPIRED' });
  });

  it('reclaims a seat of an expired invitation when the company is full', async () => {
    const company = await freshCompany({ seatsUsed: 4 });
    await storedInvitation(company, 2);
    const expired = await storedInvitation(company, 9);
    await put({ ...(await get(keys.company(company.id))), seats_used: 5 });
    const reply = await invite(await company.token(), invitation());
    expect(reply.status).toBe(200);
    expect(await seatsOf(company.id)).toBe(5);
    expect(await get(keys.emailClaim(company.id, expired.invitation.email))).toBeUndefined();
    expect(await get(keys.invitedWallet(company.id, expired.invitation.wallet))).toBeUndefined();
  });

  it('answers a retry with the same Idempotency-Key with the first answer, one invitation and one e-mail', async () => {
    const company = await freshCompany();
    const token = await company.token();
    const body = invitation();
    const key = { 'idempotency-key': `invite-${randomUUID()}` };
    const first = await invite(token, body, key);
    const retry = await invite(token, body, key);
    expect(first.status).toBe(200);
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 200, body: first.body });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await emailsTo(String(body.email))).toHaveLength(1);
    expect(await seatsOf(company.id)).toBe(3);
    // The password is left out of the fingerprint (it is kept 24 h): another password replays too.
    const otherPassword = await invite(token, { ...body, password: 'another password' }, key);
    expect(otherPassword.headers.get('idempotent-replayed')).toBe('true');
    const otherEmail = await invite(token, { ...body, email: freshEmail() }, key);
    expect({ status: otherEmail.status, code: otherEmail.body.code }).toEqual({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('answers 401 without a token', async () => {
    const reply = await call('POST', '/create-invitation', json(invitation()));
    expect(reply.status).toBe(401);
  });
});

describe('POST /accept-invitation', () => {
  it('the full flow: the admin invites, the e-mail’s link is accepted, the new member gets a token and reads the DPP files', async () => {
    const acme = demo.acme;
    const email = freshEmail('flow');
    const wallet = freshWallet();
    // 1. Acme's admin invites.
    const invited = await invite(await tokenFor('acme'), invitation({ email, wallet_address: wallet }));
    expect(invited.status).toBe(200);
    // 2. The invitee's e-mail, from the local SES store, and its link.
    const id = await invitationIdSentTo(email);
    // Its page names the inviting company.
    const page = await fetch(`${apiUrl}/accept-invitation?invitationId=${id}`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain(`<title>Join ${acme.company.name}</title>`);
    // Before accepting, the wallet has no token.
    expect((await call('GET', `/generateJWT/${acme.apiKey}/${wallet}`)).status).toBe(401);
    // 3. Accept.
    const accepted = await accept(id);
    expect(accepted).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    // 4. A token with the company's API key and the invited wallet.
    const issued = await call('GET', `/generateJWT/${acme.apiKey}/${wallet}`);
    expect(issued.status).toBe(200);
    const token = issued.body.authToken as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ company_id: acme.company.id, wallet, role: 'member' });
    // 5. The new member reads the company's DPP files.
    const files = await call('GET', `/view-dpp-files/${acme.dpp.id}`, { token });
    expect(files.status).toBe(200);
    expect(files.body.files.map((f: { id: string }) => f.id)).toEqual(
      expect.arrayContaining(acme.dpp.files.map((f) => f.id)),
    );

    // What was written: the member (with the password's hash and the opaque wallet), the invitation ACCEPTED.
    const user = await get<Record<string, unknown>>(keys.user(acme.company.id, claims.sub));
    expect(user).toMatchObject({ email, wallet, role: 'member', invitation_id: id, area: 'Quality' });
    expect(await verifyPassword(PASSWORD, String(user!.password_hash))).toBe(true);
    const stored = await get<InvitationItem>(keys.invitation(id));
    expect(stored).toMatchObject({ status: 'ACCEPTED', user_id: claims.sub });
    expect(stored!.password_hash).toBeUndefined();
    expect(await get(keys.emailClaim(acme.company.id, email))).toMatchObject({ user_id: claims.sub });
    expect(await get(keys.invitedWallet(acme.company.id, wallet))).toBeUndefined();
  });

  it('answers 400 to an accepted, an unknown or a malformed id, and writes nothing', async () => {
    const company = await freshCompany();
    const body = invitation();
    expect((await invite(await company.token(), body)).status).toBe(200);
    const id = await invitationIdSentTo(String(body.email));
    expect((await accept(id)).status).toBe(200);
    const user = await issueToken(company.apiKey, String(body.wallet_address));
    expect(user).toEqual(expect.any(String));
    const cases: Array<[unknown, string]> = [
      [id, 'INVITATION_ALREADY_ACCEPTED'],
      [randomBytes(16).toString('base64url'), 'INVITATION_NOT_FOUND'],
      ['too-short', 'VALIDATION_ERROR'],
      [`${id}x`, 'VALIDATION_ERROR'],
      [42, 'VALIDATION_ERROR'],
    ];
    for (const [invitationId, code] of cases) {
      const reply = await accept(invitationId);
      expect({ invitationId, status: reply.status, code: reply.body.code }).toEqual({
        invitationId,
        status: 400,
        code,
      });
    }
    expect((await call('POST', '/accept-invitation', json({}))).status).toBe(400);
    expect(await seatsOf(company.id)).toBe(3);
  });

  it('answers 400 to an expired invitation and writes nothing', async () => {
    const company = await freshCompany({ seatsUsed: 3 });
    const expired = await storedInvitation(company, 7.01);
    const reply = await accept(expired.invitation.id);
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 400, code: 'INVITATION_EXPIRED' });
    expect(await get(keys.wallet(expired.invitation.wallet))).toBeUndefined();
    expect(await get(keys.invitation(expired.invitation.id))).toEqual(expired.invitation);
    expect(await get(keys.emailClaim(company.id, expired.invitation.email))).toEqual(expired.emailClaim);
    expect((await call('GET', `/generateJWT/${company.apiKey}/${expired.invitation.wallet}`)).status).toBe(401);
  });

  it('answers 400 when the invited wallet became another user’s meanwhile, and writes nothing', async () => {
    const company = await freshCompany();
    const other = await freshCompany();
    const wallet = freshWallet();
    const mine = invitation({ wallet_address: wallet });
    const theirs = invitation({ wallet_address: wallet });
    // Each company may invite the wallet (a wallet of another company's invitation is not told apart)...
    expect((await invite(await company.token(), mine)).status).toBe(200);
    expect((await invite(await other.token(), theirs)).status).toBe(200);
    // ...but one wallet is one user's: the first accept wins.
    expect((await accept(await invitationIdSentTo(String(theirs.email)))).status).toBe(200);
    const id = await invitationIdSentTo(String(mine.email));
    const reply = await accept(id);
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 400, code: 'WALLET_TAKEN' });
    expect(await get(keys.invitation(id))).toMatchObject({ status: 'PENDING' });
    expect(await get(keys.wallet(wallet))).toMatchObject({ company_id: other.id });
  });

  it('makes a non-official operator an official member under the operator’s id', async () => {
    const company = await freshCompany();
    const operatorId = uuidv7();
    const at = new Date().toISOString();
    await put(
      toOperatorItem({
        id: operatorId,
        company_id: company.id,
        email: 'fixer@repairs.example',
        country_code: 'NL',
        company_name: 'Repairs B.V.',
        activity: 'repairer',
        created_at: at,
        updated_at: at,
      }),
    );
    const token = await company.token();
    const operatorPath = `/view-non-official-operator/${company.id}/${operatorId}`;
    expect((await call('GET', operatorPath, { token })).status).toBe(200);
    // Not an operator of this company: 400, nothing stored.
    const unknown = await invite(token, invitation({ operator_id: uuidv7() }));
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 400, code: 'OPERATOR_NOT_FOUND' });
    expect(await seatsOf(company.id)).toBe(2);

    const body = invitation({ email: 'fixer@repairs.example', operator_id: operatorId });
    expect((await invite(token, body)).status).toBe(200);
    expect((await accept(await invitationIdSentTo('fixer@repairs.example'))).status).toBe(200);

    const member = await issueToken(company.apiKey, String(body.wallet_address));
    expect(JSON.parse(Buffer.from(member.split('.')[1]!, 'base64url').toString()).sub).toBe(operatorId);
    const single = await call('GET', operatorPath, { token });
    expect({ status: single.status, code: single.body.code }).toEqual({ status: 400, code: 'OFFICIAL_MEMBER' });
    const list = await call('GET', `/view-non-official-operators/${company.id}`, { token });
    expect(list.body.nonOfficialOperators).toEqual([]);
    expect(await get(keys.formerOperator(company.id, operatorId))).toMatchObject({
      company_name: 'Repairs B.V.',
      member_since: expect.any(String),
    });
  });

  it('answers 400 OPERATOR_NOT_FOUND when the operator became a member by another invitation first', async () => {
    const company = await freshCompany();
    const operatorId = uuidv7();
    const at = new Date().toISOString();
    await put(
      toOperatorItem({
        id: operatorId,
        company_id: company.id,
        email: 'twice@ops.example',
        country_code: 'PL',
        company_name: 'Ops',
        created_at: at,
        updated_at: at,
      }),
    );
    const token = await company.token();
    const a = invitation({ operator_id: operatorId });
    const b = invitation({ operator_id: operatorId });
    expect((await invite(token, a)).status).toBe(200);
    expect((await invite(token, b)).status).toBe(200);
    expect((await accept(await invitationIdSentTo(String(a.email)))).status).toBe(200);
    const second = await accept(await invitationIdSentTo(String(b.email)));
    expect({ status: second.status, code: second.body.code }).toEqual({ status: 400, code: 'OPERATOR_NOT_FOUND' });
    expect(await get(keys.wallet(String(b.wallet_address)))).toBeUndefined();
  });
});

describe('faults only a mock can produce (the handlers in this process on DynamoDB Local, SES or DynamoDB mocked)', () => {
  type Handler = Parameters<typeof invoke>[1];
  let handler: Handler;
  const ses = mockClient(SESClient);
  const lines: string[] = [];

  beforeAll(async () => {
    // Settings are read on first use: the local stack's, with every log line written.
    Object.assign(process.env, localEnv, { LOG_LEVEL: 'DEBUG' });
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    ({ handler } = (await import('../../functions/create-invitation')) as unknown as { handler: Handler });
  });
  afterAll(() => {
    ses.restore();
    vi.restoreAllMocks();
  });

  const post = async (token: string, body: unknown, headers: Record<string, string> = {}) =>
    invoke('create-invitation', handler, {
      method: 'POST',
      url: '/create-invitation',
      token,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  /** The invitation id of the link in the e-mail the code tried to send. */
  const attemptedId = () => {
    const input = ses.commandCalls(SendEmailCommand).at(-1)!.args[0].input;
    return /invitationId=([\w-]{22})/.exec(input.Message!.Body!.Text!.Data!)![1]!;
  };

  it('answers 503 with Retry-After when SES throttles, and leaves nothing behind: no invitation, claim or seat', async () => {
    const company = await freshCompany();
    ses.reset();
    ses.on(SendEmailCommand).rejects(
      new SESServiceException({
        name: 'Throttling',
        $fault: 'client',
        message: 'Maximum sending rate exceeded.',
        $metadata: { httpStatusCode: 400 },
      }),
    );
    const body = invitation();
    const reply = await post(await company.token(), body);
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toMatch(/^\d+$/);
    expect(reply.json).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
    expect(reply.text).not.toMatch(/sending rate/);
    // The invitation was stored, then withdrawn when the e-mail failed.
    expect(await get(keys.invitation(attemptedId()))).toBeUndefined();
    expect(await get(keys.emailClaim(company.id, String(body.email)))).toBeUndefined();
    expect(await get(keys.invitedWallet(company.id, String(body.wallet_address)))).toBeUndefined();
    expect(await seatsOf(company.id)).toBe(2);
    // The same invitation goes through once SES is back.
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'local' });
    expect((await post(await company.token(), body)).status).toBe(200);
    expect(await seatsOf(company.id)).toBe(3);
  });

  it('answers 500 when SES refuses the e-mail, and leaves nothing behind', async () => {
    const company = await freshCompany();
    ses.reset();
    ses.on(SendEmailCommand).rejects(
      new SESServiceException({
        name: 'MessageRejected',
        $fault: 'client',
        message: 'Email address is not verified.',
        $metadata: { httpStatusCode: 400 },
      }),
    );
    const body = invitation();
    const reply = await post(await company.token(), body);
    expect(reply.json).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR' });
    expect(reply.status).toBe(500);
    expect(await get(keys.invitation(attemptedId()))).toBeUndefined();
    expect(await get(keys.emailClaim(company.id, String(body.email)))).toBeUndefined();
    expect(await seatsOf(company.id)).toBe(2);
  });

  it('never writes the password to a log line, the stored answer or the idempotency record', async () => {
    const company = await freshCompany();
    const token = await company.token();
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'local' });
    lines.length = 0;
    const key = `logs-${randomUUID()}`;
    const secret = `Pa55-${randomUUID()}`;
    expect((await post(token, invitation({ password: secret }), { 'idempotency-key': key })).status).toBe(200);
    expect((await post(token, invitation({ password: secret, email: 'bad' }))).status).toBe(400);
    ses
      .on(SendEmailCommand)
      .rejects(new SESServiceException({ name: 'Throttling', $fault: 'client', message: 'slow down', $metadata: {} }));
    expect((await post(token, invitation({ password: secret }))).status).toBe(503);
    // Each request logged something (the 503 its error, with the stack), and none of it holds the password.
    expect(lines.join('')).toContain('request failed');
    expect(lines.join('')).not.toContain(secret);
    const record = await get(keys.idempotency(company.id, 'create-invitation', key));
    expect(record).toMatchObject({ state: 'COMPLETED' });
    expect(JSON.stringify(record)).not.toContain(secret);
  });

  it('answers 500 with the usual body when accepting meets an unexpected DynamoDB failure', async () => {
    const { handler: acceptHandler } = (await import('../../functions/accept-invitation')) as unknown as {
      handler: Handler;
    };
    const db = mockClient(DynamoDBDocumentClient);
    try {
      db.on(GetCommand).rejects(
        new DynamoDBServiceException({
          name: 'ValidationException',
          $fault: 'client',
          message: `One or more parameter values were invalid: table ${tableName}`,
          $metadata: { httpStatusCode: 400 },
        }),
      );
      const reply = await invoke('accept-invitation', acceptHandler, {
        method: 'POST',
        url: '/accept-invitation',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ invitationId: randomBytes(16).toString('base64url') }),
      });
      expect({ status: reply.status, body: reply.json }).toEqual({
        status: 500,
        body: { error: 'Internal server error', code: 'INTERNAL_ERROR' },
      });
      expect(reply.text).not.toContain(tableName);
    } finally {
      db.restore();
    }
  });
});
