import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { activatedPromotionCode, validatedPromotionCode } from '../../../../lib/api/views';
import {
  activationView,
  chooseCode,
  expiresAt,
  PLAN_MEMBER_LIMIT,
  planMemberLimit,
  promotionalCode,
  refusalOf,
  validationView,
} from '../../../../lib/companies/plan/model';
import type { Coupon, Customer, PromotionCode } from '../../../../lib/stripe/api';

/** The rules that judge a Stripe promotion code, and the two forms the interface shows it in. */
const NOW = 1_800_000_000;

const coupon = (fields: Partial<Coupon> = {}): Coupon => ({
  id: 'coupon_1',
  object: 'coupon',
  amount_off: null,
  created: 1_700_000_000,
  currency: null,
  duration: 'forever',
  duration_in_months: null,
  livemode: false,
  max_redemptions: null,
  metadata: {},
  name: '20% off',
  percent_off: 20,
  redeem_by: null,
  times_redeemed: 0,
  valid: true,
  ...fields,
});

const code = (fields: Partial<PromotionCode> = {}, couponFields: Partial<Coupon> = {}): PromotionCode => ({
  id: 'promo_1',
  object: 'promotion_code',
  active: true,
  code: 'SPRING20',
  created: 1_700_000_000,
  customer: null,
  expires_at: null,
  livemode: false,
  max_redemptions: null,
  metadata: {},
  promotion: { type: 'coupon', coupon: coupon(couponFields) },
  restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
  times_redeemed: 0,
  ...fields,
});

const customer = (email: string | null): Customer => ({ id: 'cus_1', object: 'customer', email, metadata: {} });

describe('refusalOf', () => {
  it('lets an active, unexpired code with redemptions left and a valid coupon be redeemed', () => {
    expect(refusalOf(code({ expires_at: NOW + 1, max_redemptions: 2, times_redeemed: 1 }), NOW)).toBeUndefined();
  });

  it.each([
    ['inactive', code({ active: false })],
    ['expired', code({ expires_at: NOW })],
    ['expired', code({}, { redeem_by: NOW - 1 })],
    ['exhausted', code({ max_redemptions: 3, times_redeemed: 3 })],
    ['exhausted', code({}, { max_redemptions: 5, times_redeemed: 5 })],
    ['coupon_invalid', code({}, { valid: false })],
    ['coupon_invalid', code({ promotion: { type: 'coupon', coupon: 'coupon_1' } })],
    ['coupon_invalid', code({}, { percent_off: null, amount_off: null })],
  ] as const)('refuses as %s', (refusal, promotion) => {
    expect(refusalOf(promotion, NOW)).toBe(refusal);
  });

  it('names the first reason when several hold: inactive, then expired, then exhausted, then the coupon', () => {
    expect(refusalOf(code({ active: false, expires_at: NOW - 1 }, { valid: false }), NOW)).toBe('inactive');
    expect(refusalOf(code({ expires_at: NOW - 1, max_redemptions: 1, times_redeemed: 1 }), NOW)).toBe('expired');
    expect(refusalOf(code({ max_redemptions: 1, times_redeemed: 1 }, { valid: false }), NOW)).toBe('exhausted');
  });
});

describe('expiresAt', () => {
  it('is the earlier of the code’s expires_at and its coupon’s redeem_by, or null when neither is set', () => {
    expect(expiresAt(code())).toBeNull();
    expect(expiresAt(code({ expires_at: NOW + 10 }))).toBe(NOW + 10);
    expect(expiresAt(code({ expires_at: NOW + 10 }, { redeem_by: NOW + 5 }))).toBe(NOW + 5);
    expect(expiresAt(code({}, { redeem_by: NOW + 5 }))).toBe(NOW + 5);
  });
});

describe('chooseCode', () => {
  const mine = code({ id: 'promo_mine', customer: customer('Me@Example.com') });
  const everyone = code({ id: 'promo_all' });

  it('takes the first code the caller may redeem, a customer’s own one only for that customer’s e-mail (any case)', () => {
    expect(chooseCode([mine, everyone], 'me@example.com', NOW)).toEqual({ code: mine });
    expect(chooseCode([mine, everyone], 'other@example.com', NOW)).toEqual({ code: everyone });
    expect(chooseCode([mine], 'other@example.com', NOW)).toEqual({ refusal: 'not_found' });
    expect(chooseCode([mine], undefined, NOW)).toEqual({ refusal: 'not_found' });
  });

  it('passes over a code it cannot redeem for one it can, and otherwise names why the first it sees is refused', () => {
    const paused = code({ id: 'promo_paused', active: false });
    expect(chooseCode([paused, everyone], undefined, NOW)).toEqual({ code: everyone });
    expect(chooseCode([paused, code({ expires_at: NOW - 1 })], undefined, NOW)).toEqual({ refusal: 'inactive' });
    expect(chooseCode([], undefined, NOW)).toEqual({ refusal: 'not_found' });
  });

  it('never shows another customer’s code, even one that is refused for another reason', () => {
    const theirsPaused = code({ active: false, customer: customer('them@example.com') });
    expect(chooseCode([theirsPaused], 'me@example.com', NOW)).toEqual({ refusal: 'not_found' });
    const unexpanded = code({ customer: 'cus_1' });
    expect(chooseCode([unexpanded], 'me@example.com', NOW)).toEqual({ refusal: 'not_found' });
  });
});

describe('the validation form', () => {
  it('gives a percentage, or an amount in the smallest currency unit, and an ISO expiration date or null', () => {
    const percent = validationView(code({ expires_at: 1_924_991_999 }));
    expect(percent).toEqual({
      id: 'promo_1',
      code: 'SPRING20',
      active: true,
      discount: { type: 'percent', amount: 20 },
      expiration_date: '2030-12-31T23:59:59.000Z',
    });
    const amount = validationView(code({}, { percent_off: null, amount_off: 5000, currency: 'eur' }));
    expect(amount.discount).toEqual({ type: 'amount', amount: 5000 });
    expect(amount.expiration_date).toBeNull();
    for (const view of [percent, amount]) expect(v.safeParse(validatedPromotionCode, view).success).toBe(true);
  });
});

describe('the activation form', () => {
  it('is Stripe’s object with the interface’s fields, the coupon in place and the customer as its id', () => {
    const view = activationView(
      code(
        { customer: customer('me@example.com'), max_redemptions: 10, times_redeemed: 4, metadata: null },
        { metadata: null },
      ),
    );
    expect(view).toEqual({
      id: 'promo_1',
      object: 'promotion_code',
      code: 'SPRING20',
      active: true,
      created: 1_700_000_000,
      customer: 'cus_1',
      expires_at: null,
      livemode: false,
      max_redemptions: 10,
      times_redeemed: 4,
      metadata: {},
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      coupon: {
        id: 'coupon_1',
        object: 'coupon',
        amount_off: null,
        created: 1_700_000_000,
        currency: null,
        duration: 'forever',
        duration_in_months: null,
        livemode: false,
        max_redemptions: null,
        metadata: {},
        name: '20% off',
        percent_off: 20,
        redeem_by: null,
        times_redeemed: 0,
        valid: true,
      },
    });
    expect(v.safeParse(activatedPromotionCode, view).success).toBe(true);
  });

  it('leaves out what Stripe adds beyond the interface (customer_account, promotion)', () => {
    const withExtras = { ...code(), customer_account: null } as PromotionCode;
    expect(Object.keys(activationView(withExtras))).not.toContain('customer_account');
    expect(Object.keys(activationView(withExtras))).not.toContain('promotion');
  });
});

describe('planMemberLimit', () => {
  it('reads the price’s metadata member_limit, a whole number, else the default plan limit', () => {
    expect(planMemberLimit({ member_limit: '40' })).toBe(40);
    const cases: Array<Record<string, string> | null | undefined> = [
      undefined,
      null,
      {},
      { member_limit: 'many' },
      { member_limit: '0' },
      { member_limit: '2.5' },
    ];
    for (const metadata of cases) {
      expect(planMemberLimit(metadata)).toBe(PLAN_MEMBER_LIMIT);
    }
  });
});

describe('the promotionalCode field', () => {
  it('takes letters, digits, - and _, trimmed, 1 to 100 of them, with one message per problem', () => {
    expect(v.parse(promotionalCode, '  Spring-2026_A ')).toBe('Spring-2026_A');
    expect(v.safeParse(promotionalCode, '').issues?.map((i) => i.message)).toEqual(['must not be empty']);
    for (const bad of ['20% OFF', 'A'.repeat(101), 'ÄBC', 42]) {
      expect(v.safeParse(promotionalCode, bad).success).toBe(false);
    }
  });
});
