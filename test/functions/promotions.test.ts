import { randomBytes, randomUUID } from 'node:crypto';
import { SESClient, SESServiceException, SendEmailCommand } from '@aws-sdk/client-ses';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { DEMO_CUSTOMER, DEMO_PLAN_MEMBER_LIMIT, DEMO_PROMOTION_CODES } from '../../infra/local/engines/stripe-demo';
import { toApiKeyItem } from '../../lib/companies/api-keys/model';
import { type CompanyItem, toCompanyItem, toUserItem, toWalletItem } from '../../lib/companies/model';
import * as keys from '../../lib/data/keys';
import { call, demo, localEnv, localTable, tokenFor } from '../support/api';
import { invoke } from '../support/unit/events';

/**
 * POST /validate-promotional-code and POST /discount-subscription over HTTP against the local
 * stack: DynamoDB Local, the local SES (its store read here) and the Stripe stand-in (inspected
 * here with the official SDK). A test that subscribes makes its own company (written to the
 * table, as no endpoint creates companies), so the demo companies stay as seeded. Faults only a
 * mock can produce (Stripe answering 5xx, SES throttling) run the handler in this process
 * against the same engines, with Stripe's answer or SES replaced (last describe).
 */
const sesStoreUrl = inject('sesStoreUrl');
const { doc, tableName } = localTable();
const put = (Item: object) => doc.send(new PutCommand({ TableName: tableName, Item }));
const companyItem = async (id: string) =>
  (await doc.send(new GetCommand({ TableName: tableName, Key: keys.company(id), ConsistentRead: true })))
    .Item as CompanyItem;

const stripeUrl = new URL(localEnv.STRIPE_API_URL!);
const stripe = new Stripe(localEnv.STRIPE_SECRET_KEY!, {
  host: stripeUrl.hostname,
  port: Number(stripeUrl.port),
  protocol: 'http',
});

const CODES = DEMO_PROMOTION_CODES;

interface Person {
  id: string;
  email: string;
  wallet: string;
  token: () => Promise<string>;
}
interface Company {
  id: string;
  name: string;
  admin: Person;
  member: Person;
}

/** A company of its own with an admin and a member, each able to get a token; `memberLimit` as given. */
async function freshCompany(options: { memberLimit?: number } = {}): Promise<Company> {
  const id = uuidv7();
  const name = `Promo & <Test> ${id.slice(-6)} S.r.l.`;
  const apiKey = `promo-test-${randomUUID()}`;
  const now = new Date().toISOString();
  await put(
    toCompanyItem({
      id,
      name,
      country_code: 'IT',
      created_at: now,
      ...(options.memberLimit !== undefined && { member_limit: options.memberLimit }),
    }),
  );
  await put(toApiKeyItem(apiKey, { company_id: id, name: 'test', enabled: true, created_at: now }));
  const person = async (role: string): Promise<Person> => {
    const user = { id: uuidv7(), email: `${role}-${randomUUID().slice(0, 8)}@promo.example`, wallet: freshWallet() };
    await put(toUserItem({ ...user, company_id: id, role, created_at: now }));
    await put(toWalletItem({ address: user.wallet, user_id: user.id, company_id: id, role }));
    let token: Promise<string> | undefined;
    const tokenOf = () => {
      token ??= issueToken(apiKey, user.wallet);
      return token;
    };
    return { ...user, token: tokenOf };
  };
  return { id, name, admin: await person('admin'), member: await person('member') };
}

const freshWallet = () => `0x${randomBytes(20).toString('hex')}`;

async function issueToken(apiKey: string, wallet: string): Promise<string> {
  const reply = await call('GET', `/generateJWT/${apiKey}/${wallet}`);
  if (reply.status !== 200) throw new Error(`generateJWT: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.authToken as string;
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const validate = async (token: string, promotionalCode: unknown) =>
  call('POST', '/validate-promotional-code', { token, ...json({ promotionalCode }) });
const subscribe = async (token: string, body: unknown, headers?: Record<string, string>) =>
  call('POST', '/discount-subscription', { token, ...json(body, headers) });
const redeem = async (person: Person, promotionalCode: string, headers?: Record<string, string>) =>
  subscribe(await person.token(), { userEmail: person.email, userId: person.id, promotionalCode }, headers);

interface SentEmail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}

async function emailsTo(to: string): Promise<SentEmail[]> {
  const store = (await (await fetch(sesStoreUrl)).json()) as { emails: SentEmail[] };
  return store.emails.filter((email) => email.destination.to.includes(to));
}

/** Every subscription of the Stripe customers with this e-mail, cancelled ones included. */
async function subscriptionsOf(email: string): Promise<Stripe.Subscription[]> {
  const customers = await stripe.customers.list({ email });
  const lists = await Promise.all(
    customers.data.map((customer) => stripe.subscriptions.list({ customer: customer.id, status: 'all' })),
  );
  return lists.flatMap((list) => list.data);
}

const timesRedeemed = async (code: string) =>
  (await stripe.promotionCodes.list({ code, expand: ['data.promotion.coupon'] })).data[0]!;

describe('POST /validate-promotional-code', () => {
  it.each([
    [CODES.percent.code, { type: 'percent', amount: 20 }, null],
    [CODES.amount.code, { type: 'amount', amount: 5000 }, '2030-12-31T23:59:59.000Z'],
  ] as const)(
    'answers 200 for the demo code %s with its discount and expiration date',
    async (code, discount, expiry) => {
      const { status, body } = await validate(await tokenFor('globex'), code);
      expect(status).toBe(200);
      expect(body).toEqual({
        message: 'The promotional code is valid',
        promotionCode: { id: `promo_demo_${code}`, code, active: true, discount, expiration_date: expiry },
      });
    },
  );

  it('matches the code case-insensitively and without surrounding spaces, as Stripe does', async () => {
    const { status, body } = await validate(await tokenFor('acme'), '  welcome20 ');
    expect({ status, code: body.promotionCode?.code }).toEqual({ status: 200, code: 'WELCOME20' });
  });

  it.each([
    [CODES.expired.code, 'PROMOTION_CODE_EXPIRED'],
    [CODES.exhausted.code, 'PROMOTION_CODE_EXHAUSTED'],
    [CODES.inactive.code, 'PROMOTION_CODE_INACTIVE'],
    [CODES.invalidCoupon.code, 'COUPON_INVALID'],
    ['NOSUCHCODE2026', 'PROMOTION_CODE_NOT_FOUND'],
  ])('answers 400 for %s: %s', async (code, errorCode) => {
    const { status, body } = await validate(await tokenFor('acme'), code);
    expect({ status, code: body.code }).toEqual({ status: 400, code: errorCode });
    expect(body.error).toEqual(expect.any(String));
  });

  it("answers the customer's own code (ACMEVIP40) only to that customer's user; to anyone else as an unknown code", async () => {
    const acme = await validate(await tokenFor('acme'), CODES.customerOnly.code);
    expect(acme.status).toBe(200);
    expect(acme.body.promotionCode).toMatchObject({ code: 'ACMEVIP40', discount: { type: 'percent', amount: 40 } });
    const unknown = await validate(await tokenFor('globex'), 'NOSUCHCODE2026');
    const company = await freshCompany();
    for (const token of [await tokenFor('globex'), await company.admin.token()]) {
      const other = await validate(token, CODES.customerOnly.code);
      expect({ status: other.status, body: other.body }).toEqual({ status: unknown.status, body: unknown.body });
    }
  });

  it.each([
    ['missing', {}],
    ['empty', { promotionalCode: '' }],
    ['not a string', { promotionalCode: 20 }],
    ['with other characters', { promotionalCode: 'WELCOME 20%' }],
    ['too long', { promotionalCode: 'A'.repeat(101) }],
  ])('answers 400 VALIDATION_ERROR for a code %s', async (_, body) => {
    const reply = await call('POST', '/validate-promotional-code', { token: await tokenFor('acme'), ...json(body) });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'promotionalCode' }] });
  });

  it('answers 400 to a body that is not a JSON object, and 401 without a token', async () => {
    const token = await tokenFor('acme');
    const array = await call('POST', '/validate-promotional-code', { token, ...json(['WELCOME20']) });
    expect({ status: array.status, code: array.body.code }).toEqual({ status: 400, code: 'MALFORMED_BODY' });
    const anonymous = await call('POST', '/validate-promotional-code', json({ promotionalCode: 'WELCOME20' }));
    expect(anonymous.status).toBe(401);
  });

  it('replays its answer to a retry with the same Idempotency-Key', async () => {
    const token = await tokenFor('acme');
    const key = { 'idempotency-key': `validate-${randomUUID()}` };
    const first = await call('POST', '/validate-promotional-code', {
      token,
      ...json({ promotionalCode: 'SAVE50EUR' }, key),
    });
    const again = await call('POST', '/validate-promotional-code', {
      token,
      ...json({ promotionalCode: 'SAVE50EUR' }, key),
    });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('POST /discount-subscription', () => {
  it('subscribes the company: Stripe customer and subscription, the plan and its member limit recorded, the confirmation e-mailed', async () => {
    const company = await freshCompany();
    const before = await timesRedeemed(CODES.percent.code);
    // The e-mail in another case is still the user's.
    const reply = await subscribe(await company.admin.token(), {
      userEmail: company.admin.email.toUpperCase(),
      userId: company.admin.id,
      promotionalCode: 'welcome20',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Subscription activated');
    const code = reply.body.promotionCode;
    expect(code).toMatchObject({
      id: 'promo_demo_WELCOME20',
      object: 'promotion_code',
      code: 'WELCOME20',
      active: true,
      customer: null,
      expires_at: null,
      livemode: false,
      max_redemptions: 1000,
      metadata: {},
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      coupon: { id: 'demo-welcome-20-percent', object: 'coupon', percent_off: 20, duration: 'repeating', valid: true },
    });
    // The answer shows the code after this redemption.
    expect(code.times_redeemed).toBeGreaterThanOrEqual(before.times_redeemed + 1);

    // Stripe: a customer for the user, one invoiced subscription on the plan's price with the code.
    const [subscription, ...others] = await subscriptionsOf(company.admin.email);
    expect(others).toEqual([]);
    expect(subscription).toMatchObject({
      status: 'active',
      collection_method: 'send_invoice',
      days_until_due: 30,
      metadata: { dpp_company_id: company.id, dpp_user_id: company.admin.id },
      items: { data: [{ price: { id: localEnv.STRIPE_PRICE_ID } }] },
    });
    const customer = (await stripe.customers.retrieve(String(subscription!.customer))) as Stripe.Customer;
    expect(customer).toMatchObject({
      email: company.admin.email,
      name: company.name,
      metadata: { dpp_user_id: company.admin.id, dpp_company_id: company.id },
    });

    // The company: its plan, and the member limit raised from the default to the plan's.
    const item = await companyItem(company.id);
    expect(item.member_limit).toBe(DEMO_PLAN_MEMBER_LIMIT);
    expect(item.plan).toMatchObject({
      subscription_id: subscription!.id,
      customer_id: customer.id,
      price_id: localEnv.STRIPE_PRICE_ID,
      promotion_code_id: 'promo_demo_WELCOME20',
      code: 'WELCOME20',
      member_limit: DEMO_PLAN_MEMBER_LIMIT,
      subscribed_by: company.admin.id,
      confirmation: 'SENT',
      confirmation_sent_at: expect.any(String),
      promotion_code: code,
    });

    // The confirmation: one e-mail with an HTML and a text part, the company's name escaped in the HTML.
    const [email, ...more] = await emailsTo(company.admin.email);
    expect(more).toEqual([]);
    expect(email!.subject).toBe('Your DPP subscription is active (WELCOME20)');
    expect(email!.body.text).toContain(`Your subscription for ${company.name} is active.`);
    expect(email!.body.text).toContain('Promotional code: WELCOME20 (20% off for 12 months)');
    expect(email!.body.text).toContain(`Members allowed in your workspace: ${DEMO_PLAN_MEMBER_LIMIT}`);
    expect(email!.body.text).toContain(subscription!.id);
    expect(email!.body.html).toContain('Promo &#38; &#60;Test&#62;');
    expect(email!.body.html).not.toContain('<Test>');
  });

  it('answers 400 ALREADY_SUBSCRIBED when the same user, or another of the company, redeems again; nothing more is made', async () => {
    const company = await freshCompany();
    expect((await redeem(company.admin, 'SAVE50EUR')).status).toBe(200);
    const plan = (await companyItem(company.id)).plan;
    for (const [person, code] of [
      [company.admin, 'SAVE50EUR'],
      [company.admin, 'WELCOME20'],
      [company.member, 'WELCOME20'],
    ] as const) {
      const again = await redeem(person, code);
      expect({ status: again.status, code: again.body.code }).toEqual({ status: 400, code: 'ALREADY_SUBSCRIBED' });
    }
    expect(await subscriptionsOf(company.admin.email)).toHaveLength(1);
    expect(await subscriptionsOf(company.member.email)).toHaveLength(0);
    expect(await emailsTo(company.admin.email)).toHaveLength(1);
    expect((await companyItem(company.id)).plan).toEqual(plan);
  });

  it('answers a retry with the same Idempotency-Key with the first answer: one subscription, one e-mail', async () => {
    const company = await freshCompany();
    const key = { 'idempotency-key': `subscribe-${randomUUID()}` };
    const first = await redeem(company.admin, 'SAVE50EUR', key);
    const again = await redeem(company.admin, 'SAVE50EUR', key);
    expect(first.status).toBe(200);
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.body.promotionCode).toMatchObject({
      code: 'SAVE50EUR',
      expires_at: 1924991999,
      coupon: { amount_off: 5000, currency: 'eur', percent_off: null, duration: 'once' },
    });
    expect(await subscriptionsOf(company.admin.email)).toHaveLength(1);
    expect(await emailsTo(company.admin.email)).toHaveLength(1);
  });

  it('reuses the Stripe customer that already has the user’s e-mail', async () => {
    const company = await freshCompany();
    const existing = await stripe.customers.create({ email: company.admin.email, name: 'Made in the dashboard' });
    expect((await redeem(company.admin, 'WELCOME20')).status).toBe(200);
    const [subscription] = await subscriptionsOf(company.admin.email);
    expect(subscription!.customer).toBe(existing.id);
    expect((await stripe.customers.list({ email: company.admin.email })).data).toHaveLength(1);
  });

  it('never lowers a member limit above the plan’s', async () => {
    const company = await freshCompany({ memberLimit: 60 });
    expect((await redeem(company.admin, 'WELCOME20')).status).toBe(200);
    const item = await companyItem(company.id);
    expect({ limit: item.member_limit, plan: item.plan?.member_limit }).toEqual({
      limit: 60,
      plan: DEMO_PLAN_MEMBER_LIMIT,
    });
    expect((await emailsTo(company.admin.email))[0]!.body.text).toContain('Members allowed in your workspace: 60');
  });

  it.each([
    [CODES.expired.code, 'PROMOTION_CODE_EXPIRED'],
    [CODES.exhausted.code, 'PROMOTION_CODE_EXHAUSTED'],
    [CODES.inactive.code, 'PROMOTION_CODE_INACTIVE'],
    [CODES.invalidCoupon.code, 'COUPON_INVALID'],
    [CODES.customerOnly.code, 'PROMOTION_CODE_NOT_FOUND'],
    ['NOSUCHCODE2026', 'PROMOTION_CODE_NOT_FOUND'],
  ])('answers 400 for %s (%s), recording and making nothing', async (code, errorCode) => {
    const company = await freshCompany();
    const reply = await redeem(company.admin, code);
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 400, code: errorCode });
    expect(await companyItem(company.id)).not.toHaveProperty('plan');
    expect((await companyItem(company.id)).member_limit).toBeUndefined();
    expect((await stripe.customers.list({ email: company.admin.email })).data).toEqual([]);
    expect(await emailsTo(company.admin.email)).toEqual([]);
  });

  it('answers 400 USER_MISMATCH for another user’s id and EMAIL_MISMATCH for another e-mail, before any Stripe call', async () => {
    const company = await freshCompany();
    const token = await company.admin.token();
    const cases = [
      [{ userEmail: company.member.email, userId: company.member.id }, 'USER_MISMATCH'],
      [{ userEmail: company.admin.email, userId: randomUUID() }, 'USER_MISMATCH'],
      [{ userEmail: company.member.email, userId: company.admin.id }, 'EMAIL_MISMATCH'],
      [{ userEmail: 'someone@else.example', userId: company.admin.id }, 'EMAIL_MISMATCH'],
    ] as const;
    for (const [fields, code] of cases) {
      const reply = await subscribe(token, { ...fields, promotionalCode: 'WELCOME20' });
      expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 400, code });
    }
    expect(await companyItem(company.id)).not.toHaveProperty('plan');
    for (const email of [company.admin.email, company.member.email]) {
      expect((await stripe.customers.list({ email })).data).toEqual([]);
    }
  });

  it.each([
    ['no userEmail', { userId: 'x', promotionalCode: 'WELCOME20' }, 'userEmail'],
    [
      'a userEmail that is not one',
      { userEmail: 'not-an-email', userId: 'x', promotionalCode: 'WELCOME20' },
      'userEmail',
    ],
    ['no userId', { userEmail: 'a@b.example', promotionalCode: 'WELCOME20' }, 'userId'],
    ['an empty userId', { userEmail: 'a@b.example', userId: ' ', promotionalCode: 'WELCOME20' }, 'userId'],
    ['no promotionalCode', { userEmail: 'a@b.example', userId: 'x' }, 'promotionalCode'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_, body, path) => {
    const reply = await subscribe(await tokenFor('acme'), body);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_ERROR');
    expect(reply.body.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('answers 401 without a token', async () => {
    const reply = await call(
      'POST',
      '/discount-subscription',
      json({ userEmail: 'a@b.example', userId: 'x', promotionalCode: 'WELCOME20' }),
    );
    expect(reply.status).toBe(401);
  });
});

describe('faults only a mock can produce (the handler in this process, against the same engines)', () => {
  type Handler = Parameters<typeof invoke>[1];
  let handlers: Record<'validate' | 'subscribe', Handler>;
  const ses = mockClient(SESClient);
  const realFetch = globalThis.fetch;
  /** Stripe's answer to a request, replaced: `undefined` lets the stand-in answer. */
  let stripeFault: ((url: string, init?: RequestInit) => Promise<Response> | undefined) | undefined;

  beforeAll(async () => {
    // Settings are read on first use: the local stack's.
    Object.assign(process.env, localEnv);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const faulty = url.startsWith(localEnv.STRIPE_API_URL!) ? stripeFault?.(url, init) : undefined;
      return faulty ?? realFetch(input, init);
    });
    handlers = {
      validate: ((await import('../../functions/validate-promotional-code')) as unknown as { handler: Handler })
        .handler,
      subscribe: ((await import('../../functions/discount-subscription')) as unknown as { handler: Handler }).handler,
    };
  });
  afterEach(() => {
    stripeFault = undefined;
    ses.reset();
  });
  afterAll(() => {
    ses.restore();
    vi.restoreAllMocks();
  });

  const sesSends = () => ses.on(SendEmailCommand).resolves({ MessageId: 'mocked' });
  const throttled = (message = 'Maximum sending rate exceeded.') =>
    new SESServiceException({ name: 'Throttling', $fault: 'client', message, $metadata: { httpStatusCode: 400 } });
  /** The e-mails the handler gave SES for `to` (SES is mocked in this describe). */
  const sentTo = (to: string) =>
    ses.commandCalls(SendEmailCommand).filter((c) => c.args[0].input.Destination?.ToAddresses?.includes(to));

  const post = async (person: Person, code: string) =>
    invoke('discount-subscription', handlers.subscribe, {
      method: 'POST',
      url: '/discount-subscription',
      token: await person.token(),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userEmail: person.email, userId: person.id, promotionalCode: code }),
    });

  const expect503 = (reply: Awaited<ReturnType<typeof post>>) => {
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toMatch(/^\d+$/);
    expect(reply.json).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
  };

  it('answers 503 with Retry-After when Stripe is unreachable, on both routes', async () => {
    stripeFault = () => Promise.reject(new TypeError('fetch failed'));
    const company = await freshCompany();
    const validated = await invoke('validate-promotional-code', handlers.validate, {
      method: 'POST',
      url: '/validate-promotional-code',
      token: await company.admin.token(),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ promotionalCode: 'WELCOME20' }),
    });
    expect503(validated);
    expect503(await post(company.admin, 'WELCOME20'));
    expect(await companyItem(company.id)).not.toHaveProperty('plan');
  });

  it('answers 503 and records nothing when Stripe fails (5xx) after creating the subscription; the retry gets that very subscription', async () => {
    const company = await freshCompany();
    sesSends();
    // Stripe makes the subscription, and the answer is lost: a 500 in its place, every attempt.
    stripeFault = (url, init) =>
      init?.method === 'POST' && new URL(url).pathname === '/v1/subscriptions'
        ? realFetch(url, init).then(
            () =>
              new Response(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong' } }), {
                status: 500,
                headers: { 'content-type': 'application/json' },
              }),
          )
        : undefined;
    expect503(await post(company.admin, 'WELCOME20'));
    const untouched = await companyItem(company.id);
    expect(untouched).not.toHaveProperty('plan');
    expect(untouched.member_limit).toBeUndefined();
    expect(sentTo(company.admin.email)).toEqual([]);
    const [made, ...more] = await subscriptionsOf(company.admin.email);
    expect(more).toEqual([]);

    // Stripe is back: the same request gets the subscription Stripe made, not a second one.
    stripeFault = undefined;
    const retry = await post(company.admin, 'WELCOME20');
    expect(retry.status).toBe(200);
    expect(await subscriptionsOf(company.admin.email)).toEqual([made]);
    expect((await companyItem(company.id)).plan?.subscription_id).toBe(made!.id);
    expect(sentTo(company.admin.email)).toHaveLength(1);
  });

  it('answers 503 when SES throttles after the plan is recorded; the same request sends the e-mail and answers 200, then 400', async () => {
    const company = await freshCompany();
    ses.on(SendEmailCommand).rejects(throttled());
    const failed = await post(company.admin, 'SAVE50EUR');
    expect503(failed);
    expect(failed.text).not.toMatch(/sending rate/);
    // The subscription exists, so the company keeps it: recorded, its e-mail still to send.
    const pending = await companyItem(company.id);
    expect(pending.member_limit).toBe(DEMO_PLAN_MEMBER_LIMIT);
    expect(pending.plan).toMatchObject({ code: 'SAVE50EUR', confirmation: 'PENDING' });
    expect(pending.plan).not.toHaveProperty('confirmation_sent_at');
    expect(await subscriptionsOf(company.admin.email)).toHaveLength(1);

    ses.reset();
    sesSends();
    const resumed = await post(company.admin, 'SAVE50EUR');
    expect(resumed.status).toBe(200);
    expect(resumed.json.promotionCode).toEqual(pending.plan!.promotion_code);
    expect((await companyItem(company.id)).plan).toMatchObject({ confirmation: 'SENT' });
    const [sent, ...more] = sentTo(company.admin.email);
    expect(more).toEqual([]);
    expect(sent!.args[0].input.Message?.Subject?.Data).toBe('Your DPP subscription is active (SAVE50EUR)');
    expect(sent!.args[0].input.Message?.Body?.Text?.Data).toContain('50.00 EUR off on the first invoice');
    expect(await subscriptionsOf(company.admin.email)).toHaveLength(1);

    const again = await post(company.admin, 'SAVE50EUR');
    expect({ status: again.status, code: again.json.code }).toEqual({ status: 400, code: 'ALREADY_SUBSCRIBED' });
  });

  it('lets only the request that left the e-mail pending finish it: another code or user is 400', async () => {
    const company = await freshCompany();
    ses.on(SendEmailCommand).rejects(throttled());
    expect503(await post(company.admin, 'WELCOME20'));
    ses.reset();
    sesSends();
    for (const [person, code] of [
      [company.admin, 'SAVE50EUR'],
      [company.member, 'WELCOME20'],
    ] as const) {
      const reply = await post(person, code);
      expect({ status: reply.status, code: reply.json.code }).toEqual({ status: 400, code: 'ALREADY_SUBSCRIBED' });
    }
    expect((await companyItem(company.id)).plan).toMatchObject({ confirmation: 'PENDING' });
    // Neither sent an e-mail.
    expect(ses.commandCalls(SendEmailCommand)).toEqual([]);
  });
});

describe('the demo codes', () => {
  it('make ACMEVIP40 the code of Acme’s demo admin (its Stripe customer has that e-mail)', () => {
    expect(DEMO_CUSTOMER.email).toBe(demo.acme.admin.email);
  });
});
