/**
 * What the Stripe stand-in holds when it starts: the plan's price, a customer of Acme's demo
 * admin, and one promotion code per answer of POST /validate-promotional-code (docs/demo.md,
 * Stripe demo codes). Redemptions count from these numbers while the stand-in runs; a restart
 * starts over.
 */

/** The price every subscription is on locally (STRIPE_PRICE_ID, infra/local/environment.ts). */
export const DEMO_PRICE_ID = 'price_demo_dpp_business_monthly';
/** The member limit the demo plan gives (the price's metadata `member_limit`). */
export const DEMO_PLAN_MEMBER_LIMIT = 25;
/** The secret key of the local stack; the stand-in takes any `sk_test_…` key. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local';

/** Acme's demo admin (infra/local/demo-data.json), a Stripe customer before any subscription: ACMEVIP40 is theirs. */
export const DEMO_CUSTOMER = { id: 'cus_demo_acme_admin', email: 'admin@acme.example', name: 'Acme Bikes S.r.l.' };

/** When the demo objects were "created" (the seed time of the demo data). */
const CREATED = Date.parse('2026-11-01T09:00:00.000Z') / 1000;
const at = (iso: string) => Date.parse(iso) / 1000;

export interface DemoCoupon {
  id: string;
  name: string;
  percent_off?: number;
  amount_off?: number;
  currency?: string;
  duration: 'forever' | 'once' | 'repeating';
  duration_in_months?: number;
  max_redemptions?: number;
  times_redeemed?: number;
  redeem_by?: number;
}

export interface DemoPromotionCode {
  code: string;
  /** What POST /validate-promotional-code answers for it. */
  answer: string;
  active: boolean;
  expires_at?: number;
  max_redemptions?: number;
  times_redeemed?: number;
  customer?: string;
  coupon: DemoCoupon;
}

/** One code per answer of the validation, by what it shows. */
export const DEMO_PROMOTION_CODES = {
  percent: {
    code: 'WELCOME20',
    answer: '200: 20% off for 12 months, never expires',
    active: true,
    max_redemptions: 1000,
    coupon: {
      id: 'demo-welcome-20-percent',
      name: 'Welcome: 20% off for 12 months',
      percent_off: 20,
      duration: 'repeating',
      duration_in_months: 12,
      max_redemptions: 1000,
    },
  },
  amount: {
    code: 'SAVE50EUR',
    answer: '200: 50.00 EUR off the first invoice (amount 5000), expires 2030-12-31',
    active: true,
    expires_at: at('2030-12-31T23:59:59.000Z'),
    max_redemptions: 500,
    coupon: {
      id: 'demo-save-50-eur',
      name: '50 EUR off the first invoice',
      amount_off: 5000,
      currency: 'eur',
      duration: 'once',
      max_redemptions: 500,
    },
  },
  expired: {
    code: 'EXPIRED10',
    answer: '400 PROMOTION_CODE_EXPIRED (expired 2026-06-30)',
    active: true,
    expires_at: at('2026-06-30T23:59:59.000Z'),
    max_redemptions: 100,
    coupon: {
      id: 'demo-10-percent',
      name: '10% off, forever',
      percent_off: 10,
      duration: 'forever',
      max_redemptions: 100,
    },
  },
  exhausted: {
    code: 'USEDUP15',
    answer: '400 PROMOTION_CODE_EXHAUSTED (3 of 3 redemptions used)',
    active: true,
    max_redemptions: 3,
    times_redeemed: 3,
    coupon: {
      id: 'demo-15-percent',
      name: '15% off the first invoice',
      percent_off: 15,
      duration: 'once',
      max_redemptions: 100,
      times_redeemed: 3,
    },
  },
  inactive: {
    code: 'PAUSED25',
    answer: '400 PROMOTION_CODE_INACTIVE (switched off in Stripe)',
    active: false,
    max_redemptions: 100,
    coupon: {
      id: 'demo-25-percent',
      name: '25% off, forever',
      percent_off: 25,
      duration: 'forever',
      max_redemptions: 100,
    },
  },
  invalidCoupon: {
    code: 'RETIRED30',
    answer: '400 COUPON_INVALID (its coupon reached its own redemption limit, so Stripe marks it not valid)',
    active: true,
    max_redemptions: 100,
    coupon: {
      id: 'demo-30-percent-retired',
      name: '30% off, retired',
      percent_off: 30,
      duration: 'forever',
      max_redemptions: 10,
      times_redeemed: 10,
    },
  },
  customerOnly: {
    code: 'ACMEVIP40',
    answer: "200 for Acme's admin (admin@acme.example) only; 400 PROMOTION_CODE_NOT_FOUND for anyone else",
    active: true,
    max_redemptions: 1,
    customer: DEMO_CUSTOMER.id,
    coupon: {
      id: 'demo-acme-40-percent',
      name: 'Acme: 40% off for 6 months',
      percent_off: 40,
      duration: 'repeating',
      duration_in_months: 6,
      max_redemptions: 1,
    },
  },
} as const satisfies Record<string, DemoPromotionCode>;

export const DEMO_PRICE = {
  id: DEMO_PRICE_ID,
  nickname: 'DPP Business, monthly',
  unit_amount: 4900,
  currency: 'eur',
  recurring: { interval: 'month', interval_count: 1 },
  metadata: { member_limit: String(DEMO_PLAN_MEMBER_LIMIT) },
};

export const DEMO_CREATED = CREATED;
