/**
 * The Stripe stand-in speaks Stripe's wire format for the subset the service uses: driven here by
 * the official `stripe` SDK through host/port/protocol, as a developer would point it at Stripe.
 * A stand-in of its own (in this process), so its counts start at the demo's.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalEngine } from '../../../../infra/local/engines/ports';
import { startStripe } from '../../../../infra/local/engines/stripe';
import {
  DEMO_CUSTOMER,
  DEMO_PLAN_MEMBER_LIMIT,
  DEMO_PRICE_ID,
  DEMO_PROMOTION_CODES,
} from '../../../../infra/local/engines/stripe-demo';
import { demo } from '../../../support/api';

let engine: LocalEngine;
let stripe: Stripe;
const sdk = (key: string) => {
  const url = new URL(engine.endpoint);
  return new Stripe(key, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
};

beforeAll(async () => {
  engine = await startStripe();
  stripe = sdk('sk_test_stand_in');
});
afterAll(() => engine.stop());

/** The error the SDK throws for a request, as Stripe's envelope names it. */
async function refusal(request: Promise<unknown>) {
  const error = (await request.then(
    () => undefined,
    (e: unknown) => e,
  )) as InstanceType<typeof Stripe.errors.StripeError> | undefined;
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  // `type` of the SDK's error is its class; Stripe's own `type` is in the raw envelope.
  const raw = error!.raw as { type?: string };
  return { status: error!.statusCode, type: raw.type, code: error!.code, param: error!.param, message: error!.message };
}

let customerCount = 0;
const newCustomer = () => stripe.customers.create({ email: `stand-in-${++customerCount}@unit.example` });
const subscribe = (customer: string, promotionCode: string, options?: Stripe.RequestOptions) =>
  stripe.subscriptions.create(
    {
      customer,
      items: [{ price: DEMO_PRICE_ID }],
      discounts: [{ promotion_code: promotionCode }],
      collection_method: 'send_invoice',
      days_until_due: 30,
    },
    options,
  );

describe('promotion codes', () => {
  it('finds each demo code by its code, in any case, with its coupon and customer expanded', async () => {
    for (const demoCode of Object.values(DEMO_PROMOTION_CODES)) {
      const list = await stripe.promotionCodes.list({
        code: demoCode.code.toLowerCase(),
        expand: ['data.promotion.coupon', 'data.customer'],
      });
      expect(list.object).toBe('list');
      expect(list.data).toHaveLength(1);
      const [code] = list.data;
      expect(code).toMatchObject({ object: 'promotion_code', code: demoCode.code, active: demoCode.active });
      expect(code!.promotion.coupon).toMatchObject({ object: 'coupon', id: demoCode.coupon.id });
    }
    const [restricted] = (
      await stripe.promotionCodes.list({ code: DEMO_PROMOTION_CODES.customerOnly.code, expand: ['data.customer'] })
    ).data;
    expect(restricted!.customer).toMatchObject({ id: DEMO_CUSTOMER.id, email: DEMO_CUSTOMER.email });
    expect((await stripe.promotionCodes.list({ code: 'NOSUCHCODE' })).data).toEqual([]);
  });

  it('retrieves one by id, unexpanded unless asked', async () => {
    const code = await stripe.promotionCodes.retrieve('promo_demo_SAVE50EUR');
    expect(code.promotion.coupon).toBe('demo-save-50-eur');
    const expanded = await stripe.promotionCodes.retrieve('promo_demo_SAVE50EUR', { expand: ['promotion.coupon'] });
    expect(expanded.promotion.coupon).toMatchObject({ amount_off: 5000, currency: 'eur', percent_off: null });
  });

  it('answers Stripe’s error envelope: resource_missing for an unknown id, and a refused expand', async () => {
    expect(await refusal(stripe.promotionCodes.retrieve('promo_nope'))).toMatchObject({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such promotion code: 'promo_nope'",
    });
    expect(
      await refusal(stripe.promotionCodes.retrieve('promo_demo_SAVE50EUR', { expand: ['nothing'] })),
    ).toMatchObject({
      status: 400,
      param: 'expand',
    });
  });
});

describe('customers', () => {
  it('creates a customer and finds it by exactly its e-mail (case-sensitive, as Stripe)', async () => {
    const created = await stripe.customers.create({ email: 'Exact@Unit.example', name: 'Exact', metadata: { a: 'b' } });
    expect(created).toMatchObject({
      object: 'customer',
      email: 'Exact@Unit.example',
      name: 'Exact',
      metadata: { a: 'b' },
    });
    expect((await stripe.customers.list({ email: 'Exact@Unit.example' })).data.map((c) => c.id)).toEqual([created.id]);
    expect((await stripe.customers.list({ email: 'exact@unit.example' })).data).toEqual([]);
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ id: created.id });
  });

  it('holds the demo customer of Acme’s admin', async () => {
    expect((await stripe.customers.list({ email: demo.acme.admin.email })).data).toMatchObject([
      { id: DEMO_CUSTOMER.id },
    ]);
  });
});

describe('subscriptions', () => {
  it('subscribes with a promotion code: invoiced and active, on the price (its member limit in metadata), the redemption counted', async () => {
    const customer = await newCustomer();
    const before = await stripe.promotionCodes.retrieve('promo_demo_WELCOME20', { expand: ['promotion.coupon'] });
    const subscription = await subscribe(customer.id, 'promo_demo_WELCOME20');
    expect(subscription).toMatchObject({
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      collection_method: 'send_invoice',
      days_until_due: 30,
      items: { data: [{ price: { id: DEMO_PRICE_ID, metadata: { member_limit: String(DEMO_PLAN_MEMBER_LIMIT) } } }] },
    });
    const after = await stripe.promotionCodes.retrieve('promo_demo_WELCOME20', { expand: ['promotion.coupon'] });
    expect(after.times_redeemed).toBe(before.times_redeemed + 1);
    expect((after.promotion.coupon as Stripe.Coupon).times_redeemed).toBe(
      (before.promotion.coupon as Stripe.Coupon).times_redeemed + 1,
    );
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([
      subscription.id,
    ]);
  });

  it.each([
    ['promo_demo_EXPIRED10', 'This promotion code has expired.'],
    ['promo_demo_USEDUP15', 'This promotion code has been redeemed the maximum number of times.'],
    ['promo_demo_PAUSED25', 'This promotion code is not active.'],
    ['promo_demo_RETIRED30', 'The coupon of this promotion code is no longer valid.'],
    ['promo_demo_ACMEVIP40', 'This promotion code cannot be redeemed by this customer.'],
  ])('refuses to redeem %s: %s', async (id, message) => {
    const customer = await newCustomer();
    expect(await refusal(subscribe(customer.id, id))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      code: 'coupon_expired',
      param: 'discounts[0][promotion_code]',
      message,
    });
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
  });

  it('refuses an unknown customer or price, and send_invoice without days_until_due', async () => {
    const customer = await newCustomer();
    expect(await refusal(subscribe('cus_nope', 'promo_demo_WELCOME20'))).toMatchObject({
      status: 404,
      code: 'resource_missing',
      param: 'customer',
    });
    expect(
      await refusal(stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_nope' }] })),
    ).toMatchObject({ status: 404, code: 'resource_missing', param: 'items[0][price]' });
    expect(
      await refusal(
        stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price: DEMO_PRICE_ID }],
          collection_method: 'send_invoice',
        }),
      ),
    ).toMatchObject({ status: 400, code: 'parameter_missing', param: 'days_until_due' });
  });

  it('marks a coupon not valid once its redemptions are used up (ACMEVIP40 is redeemable once, by its customer)', async () => {
    await subscribe(DEMO_CUSTOMER.id, 'promo_demo_ACMEVIP40');
    const code = await stripe.promotionCodes.retrieve('promo_demo_ACMEVIP40', { expand: ['promotion.coupon'] });
    expect({ redeemed: code.times_redeemed, valid: (code.promotion.coupon as Stripe.Coupon).valid }).toEqual({
      redeemed: 1,
      valid: false,
    });
    expect((await refusal(subscribe(DEMO_CUSTOMER.id, 'promo_demo_ACMEVIP40'))).status).toBe(400);
  });

  it('cancels a subscription at once, listed then only with status all or canceled', async () => {
    const customer = await newCustomer();
    const subscription = await subscribe(customer.id, 'promo_demo_WELCOME20');
    const cancelled = await stripe.subscriptions.cancel(subscription.id);
    expect(cancelled).toMatchObject({ id: subscription.id, status: 'canceled', canceled_at: expect.any(Number) });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'canceled' })).data).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('answers the same key and parameters with the first answer, marked replayed, and makes one subscription', async () => {
    const customer = await newCustomer();
    const key = `stand-in-${customer.id}`;
    const first = await subscribe(customer.id, 'promo_demo_WELCOME20', { idempotencyKey: key });
    const again = await subscribe(customer.id, 'promo_demo_WELCOME20', { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it('refuses the same key with other parameters with Stripe’s idempotency_error, changing nothing', async () => {
    const customer = await newCustomer();
    const key = `stand-in-other-${customer.id}`;
    await subscribe(customer.id, 'promo_demo_WELCOME20', { idempotencyKey: key });
    const error = await refusal(subscribe(customer.id, 'promo_demo_SAVE50EUR', { idempotencyKey: key }));
    expect(error).toMatchObject({ status: 400, type: 'idempotency_error' });
    expect(error.message).toContain('can only be used with the same parameters');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
  });
});

describe('keys and unknown URLs', () => {
  it('refuses a missing key and a key that is not a test key with 401, as Stripe does', async () => {
    const anonymous = await fetch(`${engine.endpoint}/v1/customers`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') },
    });
    const live = await refusal(sdk('sk_live_123456789').customers.list());
    expect(live).toMatchObject({ status: 401, type: 'invalid_request_error', code: 'api_key_invalid' });
    expect(live.message).not.toContain('123456789');
  });

  it('answers an unknown URL with Stripe’s own 404', async () => {
    const response = await fetch(`${engine.endpoint}/v1/charges`, { headers: { authorization: 'Bearer sk_test_x' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { type: 'invalid_request_error', message: 'Unrecognized request URL (GET: /v1/charges).' },
    });
  });
});
