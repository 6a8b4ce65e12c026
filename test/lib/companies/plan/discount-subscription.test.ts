import { ConditionalCheckFailedException, ThrottlingException } from '@aws-sdk/client-dynamodb';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalEngine } from '../../../../infra/local/engines/ports';
import { startStripe } from '../../../../infra/local/engines/stripe';
import { DEMO_CUSTOMER, DEMO_PRICE_ID } from '../../../../infra/local/engines/stripe-demo';
import type { Principal } from '../../../../lib/auth/claims';
import { toCompanyItem, toUserItem } from '../../../../lib/companies/model';
import * as keys from '../../../../lib/data/keys';

/**
 * The paths of discount-subscription that only a race reaches (lib/companies/plan/discount-subscription.ts):
 * another request recording a plan between our read and our write, a code used up between our
 * read and Stripe's redemption, the confirmation mark failing after the e-mail went. Stripe is
 * the stand-in, in this process; DynamoDB and SES are mocked to stage the race.
 */
let engine: LocalEngine;
let sdk: Stripe;
let useCase: typeof import('../../../../lib/companies/plan/discount-subscription');
const db = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESClient);
const realFetch = globalThis.fetch;

beforeAll(async () => {
  engine = await startStripe();
  const url = new URL(engine.endpoint);
  sdk = new Stripe('sk_test_unit', { host: url.hostname, port: Number(url.port), protocol: 'http' });
  Object.assign(process.env, {
    STRIPE_API_URL: engine.endpoint,
    STRIPE_SECRET_KEY: 'sk_test_unit',
    STRIPE_PRICE_ID: DEMO_PRICE_ID,
    SES_FROM_ADDRESS: 'no-reply@unit.example',
  });
  useCase = await import('../../../../lib/companies/plan/discount-subscription');
});
afterAll(async () => {
  db.restore();
  ses.restore();
  vi.restoreAllMocks();
  await engine.stop();
  for (const name of ['STRIPE_API_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID', 'SES_FROM_ADDRESS'])
    delete process.env[name];
});

let counter = 0;
/** A company and its admin, as the table would give them (mocked), with a fresh e-mail unless one is given. */
function subscriber(email = `admin-${++counter}@unit.example`) {
  const companyId = `company-${counter}`;
  const userId = `user-${counter}`;
  const company = toCompanyItem({
    id: companyId,
    name: 'Unit S.r.l.',
    country_code: 'IT',
    created_at: '2026-11-01T00:00:00.000Z',
  });
  const user = toUserItem({
    id: userId,
    company_id: companyId,
    email,
    wallet: '0xabc',
    role: 'admin',
    created_at: '2026-11-01T00:00:00.000Z',
  });
  const auth: Principal = { userId, companyId, wallet: '0xabc', role: 'admin' };
  db.on(GetCommand, { Key: keys.user(companyId, userId) }).resolves({ Item: user });
  return { company, user, auth, body: { userEmail: email, userId, promotionalCode: 'WELCOME20' } };
}

const subscriptionsOf = async (email: string) => {
  const [customer] = (await sdk.customers.list({ email })).data;
  return customer ? (await sdk.subscriptions.list({ customer: customer.id, status: 'all' })).data : [];
};

beforeEach(() => {
  db.reset();
  ses.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: 'unit' });
  vi.spyOn(globalThis, 'fetch').mockImplementation(realFetch);
});

describe('discountSubscription when another request wins the race', () => {
  it('cancels its own subscription and answers 400 ALREADY_SUBSCRIBED when another subscription was recorded first', async () => {
    const { company, auth, body } = subscriber();
    const withPlan = { ...company, plan: { subscription_id: 'sub_someone_else', confirmation: 'SENT' } };
    db.on(GetCommand, { Key: keys.company(company.id) })
      .resolvesOnce({ Item: company })
      .resolves({ Item: withPlan });
    db.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));

    await expect(useCase.discountSubscription(auth, { body })).rejects.toMatchObject({ code: 'ALREADY_SUBSCRIBED' });
    const [subscription, ...more] = await subscriptionsOf(body.userEmail);
    expect(more).toEqual([]);
    expect(subscription!.status).toBe('canceled');
    expect(ses.commandCalls(SendEmailCommand)).toEqual([]);
  });

  it('answers 409 SUBSCRIPTION_IN_PROGRESS, cancelling nothing, when the winner recorded this very subscription', async () => {
    const { company, auth, body } = subscriber();
    db.on(GetCommand, { Key: keys.company(company.id) })
      .resolvesOnce({ Item: company })
      .callsFake(async () => {
        const [ours] = await subscriptionsOf(body.userEmail);
        return { Item: { ...company, plan: { subscription_id: ours!.id, confirmation: 'PENDING' } } };
      });
    db.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));

    await expect(useCase.discountSubscription(auth, { body })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'SUBSCRIPTION_IN_PROGRESS',
    });
    expect((await subscriptionsOf(body.userEmail)).map((s) => s.status)).toEqual(['active']);
    expect(ses.commandCalls(SendEmailCommand)).toEqual([]);
  });
});

describe('discountSubscription when the code changes under it', () => {
  it('answers 400 PROMOTION_CODE_EXHAUSTED, recording nothing, when the code is used up between its read and the redemption', async () => {
    // ACMEVIP40 is redeemable once, by the demo customer: this subscriber has its e-mail.
    const { company, auth, body } = subscriber(DEMO_CUSTOMER.email);
    db.on(GetCommand, { Key: keys.company(company.id) }).resolves({ Item: company });
    let raced = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (!raced && init?.method === 'POST' && String(input).endsWith('/v1/subscriptions')) {
        raced = true;
        await sdk.subscriptions.create({
          customer: DEMO_CUSTOMER.id,
          items: [{ price: DEMO_PRICE_ID }],
          discounts: [{ promotion_code: 'promo_demo_ACMEVIP40' }],
          collection_method: 'send_invoice',
          days_until_due: 30,
        });
      }
      return realFetch(input, init);
    });

    await expect(
      useCase.discountSubscription(auth, { body: { ...body, promotionalCode: 'ACMEVIP40' } }),
    ).rejects.toMatchObject({ kind: 'invalid', code: 'PROMOTION_CODE_EXHAUSTED' });
    expect(raced).toBe(true);
    expect(db.commandCalls(UpdateCommand)).toEqual([]);
    expect(ses.commandCalls(SendEmailCommand)).toEqual([]);
  });
});

describe('discountSubscription after the e-mail went', () => {
  it('answers 200 when marking the confirmation fails: the subscription is recorded and the user informed', async () => {
    const { company, auth, body } = subscriber();
    db.on(GetCommand, { Key: keys.company(company.id) }).resolves({ Item: company });
    db.on(UpdateCommand)
      .resolvesOnce({ Attributes: {} })
      .rejects(new ThrottlingException({ message: 'slow down', $metadata: {} }));

    const answer = await useCase.discountSubscription(auth, { body });
    expect(answer).toMatchObject({ message: 'Subscription activated', promotionCode: { code: 'WELCOME20' } });
    expect(db.commandCalls(UpdateCommand)).toHaveLength(2);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });
});
