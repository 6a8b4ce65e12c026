/**
 * The Stripe objects and calls the service uses (API version STRIPE_API_VERSION), over the
 * one adapter (client.ts). The shapes are the fields read here, as Stripe documents them;
 * every write carries the idempotency key client.ts derives from it.
 */
import { type Params, stripeRequest } from './client';

export type Metadata = Record<string, string>;

export interface Coupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  created: number;
  currency: string | null;
  duration: 'forever' | 'once' | 'repeating';
  duration_in_months: number | null;
  livemode: boolean;
  max_redemptions: number | null;
  metadata: Metadata | null;
  name: string | null;
  percent_off: number | null;
  redeem_by: number | null;
  times_redeemed: number;
  valid: boolean;
}

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Metadata | null;
}

/** Since API version 2025-09-30 the coupon sits under `promotion`; both reads below expand it. */
export interface PromotionCode {
  id: string;
  object: 'promotion_code';
  active: boolean;
  code: string;
  created: number;
  customer: string | Customer | null;
  expires_at: number | null;
  livemode: boolean;
  max_redemptions: number | null;
  metadata: Metadata | null;
  promotion: { type: 'coupon'; coupon: string | Coupon | null };
  restrictions: {
    first_time_transaction: boolean;
    minimum_amount: number | null;
    minimum_amount_currency: string | null;
  };
  times_redeemed: number;
}

export interface Price {
  id: string;
  object: 'price';
  metadata: Metadata | null;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
  metadata: Metadata | null;
  items: { data: Array<{ id: string; price: Price }> };
}

interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}

/** More than this many codes with the same text (one per customer at most) is not a case we meet. */
const CODE_PAGE = 20;

export const stripe = {
  /** The promotion codes with this code (Stripe matches it case-insensitively), coupon and customer expanded. */
  async promotionCodesByCode(code: string): Promise<PromotionCode[]> {
    const list = await stripeRequest<List<PromotionCode>>('GET', '/v1/promotion_codes', {
      code,
      limit: CODE_PAGE,
      expand: ['data.promotion.coupon', 'data.customer'],
    });
    return list.data;
  },

  /** One promotion code as it is now (its redemptions counted), coupon and customer expanded. */
  promotionCode(id: string): Promise<PromotionCode> {
    return stripeRequest<PromotionCode>('GET', `/v1/promotion_codes/${encodeURIComponent(id)}`, {
      expand: ['promotion.coupon', 'customer'],
    });
  },

  /** Customers with exactly this e-mail (Stripe's filter is case-sensitive), newest first. */
  async customersByEmail(email: string): Promise<Customer[]> {
    return (await stripeRequest<List<Customer>>('GET', '/v1/customers', { email, limit: 10 })).data;
  },

  createCustomer(params: { email: string; name?: string; metadata: Metadata }): Promise<Customer> {
    return stripeRequest<Customer>('POST', '/v1/customers', params as Params);
  },

  createSubscription(params: {
    customer: string;
    price: string;
    promotionCode: string;
    collectionMethod: 'send_invoice' | 'charge_automatically';
    daysUntilDue?: number;
    metadata: Metadata;
  }): Promise<Subscription> {
    return stripeRequest<Subscription>('POST', '/v1/subscriptions', {
      customer: params.customer,
      items: [{ price: params.price }],
      discounts: [{ promotion_code: params.promotionCode }],
      collection_method: params.collectionMethod,
      days_until_due: params.daysUntilDue,
      metadata: params.metadata,
    });
  },

  /** Cancels at once (no proration, no final invoice). */
  cancelSubscription(id: string): Promise<Subscription> {
    return stripeRequest<Subscription>('DELETE', `/v1/subscriptions/${encodeURIComponent(id)}`);
  },
};
