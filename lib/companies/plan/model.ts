import * as v from 'valibot';
import { InvalidInputError } from '../../errors';
import type { Coupon, Customer, PromotionCode } from '../../stripe/api';

/**
 * Promotional codes are Stripe promotion codes (docs/spec/decisions.md, Promotional codes): looked up
 * by their text, judged here, redeemed by a subscription on the configured price. A company
 * holds one plan (the first subscription of any of its users), recorded on its item.
 */

/** A code as a person types it: Stripe's codes are letters and digits (we also take `-` and `_`). */
export const promotionalCode = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(100, 'must be at most 100 characters'),
  v.regex(/^[A-Za-z0-9_-]*$/, 'must be letters, digits, - or _'),
);

/**
 * The member limit a plan gives when the Stripe price does not say (its metadata `member_limit`,
 * a whole number, is the plan's limit: set it on the price in Stripe's dashboard).
 */
export const PLAN_MEMBER_LIMIT = 25;
/** The subscription is invoiced (Stripe e-mails the invoice and its payment page), due this many days after. */
export const INVOICE_DAYS_UNTIL_DUE = 30;

/** Why a code cannot be redeemed (each is 400; an unknown code and another customer's read alike). */
export type Refusal = 'not_found' | 'inactive' | 'expired' | 'exhausted' | 'coupon_invalid';

const REFUSALS: Record<Refusal, { code: string; message: string }> = {
  not_found: { code: 'PROMOTION_CODE_NOT_FOUND', message: 'No such promotional code' },
  inactive: { code: 'PROMOTION_CODE_INACTIVE', message: 'This promotional code is not active' },
  expired: { code: 'PROMOTION_CODE_EXPIRED', message: 'This promotional code has expired' },
  exhausted: {
    code: 'PROMOTION_CODE_EXHAUSTED',
    message: 'This promotional code has been redeemed the maximum number of times',
  },
  coupon_invalid: { code: 'COUPON_INVALID', message: 'The discount of this promotional code is no longer valid' },
};

export const refused = (refusal: Refusal): InvalidInputError =>
  new InvalidInputError(REFUSALS[refusal].message, REFUSALS[refusal].code);

/** The expanded coupon of a code (both reads expand it), or undefined when Stripe did not give one. */
export const couponOf = (code: PromotionCode): Coupon | undefined => {
  const coupon = code.promotion?.coupon;
  return typeof coupon === 'object' && coupon !== null ? coupon : undefined;
};

/** The coupon of a code that passed refusalOf, which has one. */
function couponOfRedeemable(code: PromotionCode): Coupon {
  const coupon = couponOf(code);
  if (!coupon) throw new Error(`promotion code ${code.id} came without its coupon expanded`);
  return coupon;
}

/** The earliest of the code's own expiry and its coupon's `redeem_by`, in epoch seconds; null when neither is set. */
export function expiresAt(code: PromotionCode): number | null {
  const limits = [code.expires_at, couponOf(code)?.redeem_by].filter((t): t is number => typeof t === 'number');
  return limits.length > 0 ? Math.min(...limits) : null;
}

/** What stops a code from being redeemed now, or undefined when it can be. */
export function refusalOf(code: PromotionCode, nowSeconds: number): Refusal | undefined {
  const coupon = couponOf(code);
  if (!code.active) return 'inactive';
  const expiry = expiresAt(code);
  if (expiry !== null && expiry <= nowSeconds) return 'expired';
  if (code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions) return 'exhausted';
  if (!coupon || !coupon.valid) return 'coupon_invalid';
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) return 'exhausted';
  if (coupon.percent_off === null && coupon.amount_off === null) return 'coupon_invalid';
  return undefined;
}

/**
 * A code restricted to a Stripe customer is that customer's alone: the caller sees it only
 * when the customer's e-mail is the caller's (customers are found by e-mail, see
 * discount-subscription). For anyone else it does not exist, so codes cannot be probed.
 */
export function isVisibleTo(code: PromotionCode, callerEmail: string | undefined): boolean {
  if (code.customer === null) return true;
  const customer = code.customer as Customer | string;
  if (typeof customer === 'string' || callerEmail === undefined || typeof customer.email !== 'string') return false;
  return customer.email.toLowerCase() === callerEmail.toLowerCase();
}

/**
 * The code the caller means among Stripe's codes with this text (one per customer at most): the
 * first the caller may redeem; otherwise the refusal of the first the caller can see.
 */
export function chooseCode(
  codes: PromotionCode[],
  callerEmail: string | undefined,
  nowSeconds: number,
): { code: PromotionCode } | { refusal: Refusal } {
  const visible = codes.filter((code) => isVisibleTo(code, callerEmail));
  const redeemable = visible.find((code) => refusalOf(code, nowSeconds) === undefined);
  if (redeemable) return { code: redeemable };
  const [first] = visible;
  return { refusal: first ? (refusalOf(first, nowSeconds) ?? 'not_found') : 'not_found' };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The discount of a code: a percentage, or an amount in the smallest unit of the coupon's currency (Stripe's). */
export function discountOf(coupon: Pick<Coupon, 'percent_off' | 'amount_off'>): {
  type: 'percent' | 'amount';
  amount: number;
} {
  return coupon.percent_off !== null
    ? { type: 'percent', amount: coupon.percent_off }
    : { type: 'amount', amount: coupon.amount_off ?? 0 };
}

/** The validation form of a promotion code (interface, section 2). */
export function validationView(code: PromotionCode) {
  const expiry = expiresAt(code);
  return {
    id: code.id,
    code: code.code,
    active: code.active,
    discount: discountOf(couponOfRedeemable(code)),
    // The earliest of the code's and its coupon's limits; null when the code never expires.
    expiration_date: expiry === null ? null : iso(expiry),
  };
}

/**
 * The activation form (interface, section 2): Stripe's promotion code object with the fields
 * the interface lists, the coupon in its place as the interface shows it (Stripe's current API
 * puts it under `promotion.coupon`), the customer as its id. Values are Stripe's own, nulls
 * included (`percent_off` of an amount coupon, a coupon with no `max_redemptions`).
 */
export function activationView(code: PromotionCode) {
  const coupon = couponOfRedeemable(code);
  const customer = code.customer as string | Customer | null;
  return {
    id: code.id,
    object: code.object,
    code: code.code,
    active: code.active,
    created: code.created,
    customer: typeof customer === 'object' && customer !== null ? customer.id : customer,
    expires_at: code.expires_at,
    livemode: code.livemode,
    max_redemptions: code.max_redemptions,
    times_redeemed: code.times_redeemed,
    metadata: code.metadata ?? {},
    restrictions: {
      first_time_transaction: code.restrictions.first_time_transaction,
      minimum_amount: code.restrictions.minimum_amount,
      minimum_amount_currency: code.restrictions.minimum_amount_currency,
    },
    coupon: {
      id: coupon.id,
      object: coupon.object,
      amount_off: coupon.amount_off,
      created: coupon.created,
      currency: coupon.currency,
      duration: coupon.duration,
      duration_in_months: coupon.duration_in_months,
      livemode: coupon.livemode,
      max_redemptions: coupon.max_redemptions,
      metadata: coupon.metadata ?? {},
      name: coupon.name,
      percent_off: coupon.percent_off,
      redeem_by: coupon.redeem_by,
      times_redeemed: coupon.times_redeemed,
      valid: coupon.valid,
    },
  };
}
export type ActivatedPromotionCode = ReturnType<typeof activationView>;

/** A plan's member limit from its Stripe price's metadata `member_limit`, else PLAN_MEMBER_LIMIT. */
export function planMemberLimit(priceMetadata: Record<string, string> | null | undefined): number {
  const value = Number(priceMetadata?.member_limit);
  return Number.isInteger(value) && value > 0 && value <= 100_000 ? value : PLAN_MEMBER_LIMIT;
}

/**
 * The plan on a company item (`plan`): its Stripe subscription, who redeemed which code, and
 * whether the confirmation e-mail went out. PENDING: the subscription is recorded and the
 * e-mail is still to send; the same request again sends it (see discount-subscription).
 */
export interface CompanyPlan {
  subscription_id: string;
  customer_id: string;
  price_id: string;
  promotion_code_id: string;
  /** The code as Stripe spells it. */
  code: string;
  member_limit: number;
  subscribed_by: string;
  subscribed_at: string;
  confirmation: 'PENDING' | 'SENT';
  confirmation_sent_at?: string;
  /** The answer's promotion code, kept so a resumed request answers the same. */
  promotion_code: ActivatedPromotionCode;
}
