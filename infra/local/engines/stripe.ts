/**
 * Stand-in for the Stripe API (the promotion-code / customer / subscription subset the service
 * uses). Point the `stripe` SDK at it with `{ host: '127.0.0.1', port, protocol: 'http' }`; the
 * service's own adapter (lib/stripe/client.ts) reaches it through STRIPE_API_URL.
 *
 * It speaks Stripe's wire format for that subset: form-encoded bodies and queries with
 * bracketed keys (`items[0][price]`, `expand[0]`), `Bearer sk_test_…` keys, `Idempotency-Key`
 * (the same key and parameters answer the first answer again with `Idempotent-Replayed: true`;
 * the same key with other parameters is Stripe's `idempotency_error`), `expand`, list objects,
 * and the error envelope `{error: {type, code, message, param}}`. Everything else answers
 * exactly as Stripe does for an unknown URL. Its objects start as stripe-demo.ts says and live
 * in memory.
 */

import { randomBytes } from 'node:crypto';
import type { LocalEngine } from './ports';
import {
  healthRoute,
  type RouteHandler,
  type RouteMap,
  type StandInRequest,
  type StandInResponse,
  startStandIn,
} from './stand-in';
import {
  DEMO_CREATED,
  DEMO_CUSTOMER,
  DEMO_PRICE,
  DEMO_PROMOTION_CODES,
  type DemoCoupon,
  type DemoPromotionCode,
} from './stripe-demo';

export interface StripeStandInOptions {
  /** 0 or undefined: a random free port. */
  port?: number;
}

type Obj = Record<string, unknown> & { id: string };
type Params = Record<string, unknown>;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | undefined,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string, param: string) =>
  new StripeApiError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${id}'`, param);
const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeApiError(400, 'invalid_request_error', code, message, param);

/**
 * Stripe's form encoding read back: `a[b][0]=x` into `{a: {b: ['x']}}`, an object whose keys
 * are all indexes into an array (`expand[]` appends).
 */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const segments = rawKey.match(/^[^[\]]+|\[[^[\]]*\]/g) ?? [rawKey];
    let node: Record<string, unknown> = root;
    segments.forEach((segment, index) => {
      let key = segment.startsWith('[') ? segment.slice(1, -1) : segment;
      if (key === '') key = String(Object.keys(node).length);
      if (index === segments.length - 1) node[key] = value;
      else {
        if (!isRecord(node[key])) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return arraysOf(root) as Params;
}

function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arraysOf(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** Canonical text of parameters: what "the same parameters" of an idempotent request means. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Params).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/** The objects of one stand-in, as stripe-demo.ts describes them at start. */
class StripeState {
  readonly coupons = new Map<string, Obj>();
  readonly promotionCodes = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly idempotent = new Map<string, { fingerprint: string; response: StandInResponse }>();

  constructor() {
    this.prices.set(DEMO_PRICE.id, {
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: DEMO_CREATED,
      livemode: false,
      product: 'prod_demo_dpp_business',
      type: 'recurring',
      ...DEMO_PRICE,
    });
    this.customers.set(DEMO_CUSTOMER.id, this.customer(DEMO_CUSTOMER.id, DEMO_CUSTOMER, DEMO_CREATED));
    for (const demo of Object.values(DEMO_PROMOTION_CODES) as DemoPromotionCode[]) {
      this.coupons.set(demo.coupon.id, this.coupon(demo.coupon));
      const id = `promo_demo_${demo.code}`;
      this.promotionCodes.set(id, {
        id,
        object: 'promotion_code',
        active: demo.active,
        code: demo.code,
        created: DEMO_CREATED,
        customer: demo.customer ?? null,
        customer_account: null,
        expires_at: demo.expires_at ?? null,
        livemode: false,
        max_redemptions: demo.max_redemptions ?? null,
        metadata: {},
        promotion: { type: 'coupon', coupon: demo.coupon.id },
        restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
        times_redeemed: demo.times_redeemed ?? 0,
      });
    }
  }

  private coupon(demo: DemoCoupon): Obj {
    const timesRedeemed = demo.times_redeemed ?? 0;
    const exhausted = demo.max_redemptions !== undefined && timesRedeemed >= demo.max_redemptions;
    const pastRedeemBy = demo.redeem_by !== undefined && demo.redeem_by <= now();
    return {
      id: demo.id,
      object: 'coupon',
      amount_off: demo.amount_off ?? null,
      created: DEMO_CREATED,
      currency: demo.currency ?? null,
      duration: demo.duration,
      duration_in_months: demo.duration_in_months ?? null,
      livemode: false,
      max_redemptions: demo.max_redemptions ?? null,
      metadata: {},
      name: demo.name,
      percent_off: demo.percent_off ?? null,
      redeem_by: demo.redeem_by ?? null,
      times_redeemed: timesRedeemed,
      valid: !exhausted && !pastRedeemBy,
    };
  }

  customer(id: string, fields: { email?: unknown; name?: unknown; metadata?: unknown }, created = now()): Obj {
    return {
      id,
      object: 'customer',
      created,
      email: typeof fields.email === 'string' ? fields.email : null,
      name: typeof fields.name === 'string' ? fields.name : null,
      livemode: false,
      metadata: isRecord(fields.metadata) ? fields.metadata : {},
    };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `expand` of one object: each path's last field, when it holds an id, becomes the object. */
function expand(state: StripeState, object: Obj, paths: string[]): Obj {
  const copy = structuredClone(object);
  for (const path of paths) {
    const segments = path.split('.');
    let node: unknown = copy;
    for (const [index, field] of segments.entries()) {
      if (!isRecord(node) || !(field in node)) {
        throw invalid(`This property cannot be expanded (${path}).`, 'expand');
      }
      if (index < segments.length - 1) {
        node = node[field];
        continue;
      }
      const id = node[field];
      if (typeof id !== 'string') continue;
      const source = { coupon: state.coupons, customer: state.customers, price: state.prices }[field];
      if (!source) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
      node[field] = structuredClone(source.get(id) ?? { id, object: field, deleted: true });
    }
  }
  return copy;
}

const expandParam = (params: Params): string[] =>
  Array.isArray(params.expand) ? params.expand.filter((p): p is string => typeof p === 'string') : [];

/** A list object: `expand` paths start with `data.`. */
function list(state: StripeState, url: string, objects: Obj[], params: Params): Params {
  const limit = Math.min(Math.max(Number(params.limit ?? 10) || 10, 1), 100);
  const paths = expandParam(params).map((path) => {
    if (!path.startsWith('data.')) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
    return path.slice('data.'.length);
  });
  const page = objects.slice(0, limit).map((object) => expand(state, object, paths));
  return { object: 'list', data: page, has_more: objects.length > limit, url };
}

const newestFirst = (objects: Iterable<Obj>) => [...objects].sort((a, b) => Number(b.created) - Number(a.created));

/** Why Stripe would not redeem a promotion code for this customer now, or undefined. */
function refusalOf(state: StripeState, code: Obj, customer: string): string | undefined {
  const coupon = state.coupons.get(String((code.promotion as Params).coupon));
  if (!code.active) return 'This promotion code is not active.';
  if (typeof code.expires_at === 'number' && code.expires_at <= now()) return 'This promotion code has expired.';
  if (typeof code.max_redemptions === 'number' && Number(code.times_redeemed) >= code.max_redemptions) {
    return 'This promotion code has been redeemed the maximum number of times.';
  }
  if (code.customer !== null && code.customer !== customer)
    return 'This promotion code cannot be redeemed by this customer.';
  if (!coupon?.valid) return 'The coupon of this promotion code is no longer valid.';
  return undefined;
}

function createSubscription(state: StripeState, params: Params): Obj {
  const customerId = typeof params.customer === 'string' ? params.customer : undefined;
  if (!customerId) throw invalid('Missing required param: customer.', 'customer', 'parameter_missing');
  const customer = state.customers.get(customerId);
  if (!customer) throw missing('customer', customerId, 'customer');
  const items = Array.isArray(params.items) ? (params.items as Params[]) : [];
  if (items.length === 0) throw invalid('Missing required param: items.', 'items', 'parameter_missing');
  const prices = items.map((item, index) => {
    const price = state.prices.get(String(item?.price));
    if (!price) throw missing('price', String(item?.price), `items[${index}][price]`);
    return price;
  });
  const collection = String(params.collection_method ?? 'charge_automatically');
  if (!['charge_automatically', 'send_invoice'].includes(collection)) {
    throw invalid(
      `Invalid collection_method: must be one of charge_automatically or send_invoice`,
      'collection_method',
    );
  }
  if (collection === 'send_invoice' && params.days_until_due === undefined) {
    throw invalid('Missing required param: days_until_due.', 'days_until_due', 'parameter_missing');
  }
  const discounts = Array.isArray(params.discounts) ? (params.discounts as Params[]) : [];
  const codes = discounts.map((discount, index) => {
    const id = String(discount?.promotion_code);
    const code = state.promotionCodes.get(id);
    if (!code) throw missing('promotion code', id, `discounts[${index}][promotion_code]`);
    const refusal = refusalOf(state, code, customerId);
    if (refusal) throw invalid(refusal, `discounts[${index}][promotion_code]`, 'coupon_expired');
    return code;
  });

  const created = now();
  const id = newId('sub');
  const subscription: Obj = {
    id,
    object: 'subscription',
    customer: customerId,
    collection_method: collection,
    days_until_due: collection === 'send_invoice' ? Number(params.days_until_due) : null,
    created,
    start_date: created,
    canceled_at: null,
    // An invoiced subscription is active at once; one charged automatically waits for a payment method.
    status: collection === 'send_invoice' ? 'active' : 'incomplete',
    livemode: false,
    metadata: isRecord(params.metadata) ? params.metadata : {},
    discounts: codes.map(() => newId('di')),
    latest_invoice: newId('in'),
    items: {
      object: 'list',
      data: prices.map((price) => ({ id: newId('si'), object: 'subscription_item', price, quantity: 1 })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
  };
  for (const code of codes) {
    code.times_redeemed = Number(code.times_redeemed) + 1;
    const coupon = state.coupons.get(String((code.promotion as Params).coupon));
    if (coupon) {
      coupon.times_redeemed = Number(coupon.times_redeemed) + 1;
      if (typeof coupon.max_redemptions === 'number' && Number(coupon.times_redeemed) >= coupon.max_redemptions) {
        coupon.valid = false;
      }
    }
  }
  state.subscriptions.set(id, subscription);
  return subscription;
}

function stripeRoutes(state: StripeState): RouteMap {
  const found = (map: Map<string, Obj>, kind: string, id: string) => {
    const object = map.get(id);
    if (!object) throw missing(kind, id, 'id');
    return object;
  };
  return {
    'GET /health': healthRoute,
    'GET /v1/promotion_codes': api(state, ({ params }) => {
      const code = typeof params.code === 'string' ? params.code.toLowerCase() : undefined;
      const matching = newestFirst(state.promotionCodes.values()).filter(
        (promo) =>
          (code === undefined || String(promo.code).toLowerCase() === code) &&
          (params.active === undefined || String(promo.active) === params.active) &&
          (params.customer === undefined || promo.customer === params.customer),
      );
      return list(state, '/v1/promotion_codes', matching, params);
    }),
    'GET /v1/promotion_codes/:id': api(state, ({ params, id }) =>
      expand(state, found(state.promotionCodes, 'promotion code', id), expandParam(params)),
    ),
    'GET /v1/coupons/:id': api(state, ({ id }) => found(state.coupons, 'coupon', id)),
    'GET /v1/prices/:id': api(state, ({ id }) => found(state.prices, 'price', id)),
    'GET /v1/customers': api(state, ({ params }) => {
      // Stripe's e-mail filter is case-sensitive.
      const matching = newestFirst(state.customers.values()).filter(
        (customer) => params.email === undefined || customer.email === params.email,
      );
      return list(state, '/v1/customers', matching, params);
    }),
    'POST /v1/customers': api(state, ({ params }) => {
      const customer = state.customer(newId('cus'), params);
      state.customers.set(customer.id, customer);
      return customer;
    }),
    'GET /v1/customers/:id': api(state, ({ id }) => found(state.customers, 'customer', id)),
    'GET /v1/subscriptions': api(state, ({ params }) => {
      const status = typeof params.status === 'string' ? params.status : undefined;
      const matching = newestFirst(state.subscriptions.values()).filter(
        (sub) =>
          (params.customer === undefined || sub.customer === params.customer) &&
          (params.price === undefined ||
            (sub.items as { data: Array<{ price: Obj }> }).data.some((item) => item.price.id === params.price)) &&
          (status === 'all' || (status === undefined ? sub.status !== 'canceled' : sub.status === status)),
      );
      return list(state, '/v1/subscriptions', matching, params);
    }),
    'POST /v1/subscriptions': api(state, ({ params }) =>
      expand(state, createSubscription(state, params), expandParam(params)),
    ),
    'GET /v1/subscriptions/:id': api(state, ({ id, params }) =>
      expand(state, found(state.subscriptions, 'subscription', id), expandParam(params)),
    ),
    'DELETE /v1/subscriptions/:id': api(state, ({ id }) => {
      const subscription = found(state.subscriptions, 'subscription', id);
      if (subscription.status !== 'canceled') Object.assign(subscription, { status: 'canceled', canceled_at: now() });
      return subscription;
    }),
  };
}

/**
 * One Stripe endpoint: the secret key checked, parameters read from the query (GET) or the
 * form body, idempotent writes replayed, Stripe errors in Stripe's envelope.
 */
function api(state: StripeState, handle: (call: { params: Params; id: string }) => Params): RouteHandler {
  return (request) => {
    const refused = authenticate(request);
    if (refused) return refused;
    const params = parseStripeForm(request.method === 'GET' ? request.query.toString() : request.body);
    const key = request.headers['idempotency-key'];
    const idempotencyKey = request.method !== 'GET' && typeof key === 'string' ? key : undefined;
    const fingerprint = canonical([request.method, request.path, params]);
    if (idempotencyKey) {
      const earlier = state.idempotent.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return errorResponse(
          new StripeApiError(
            400,
            'idempotency_error',
            undefined,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      }
      if (earlier)
        return { ...earlier.response, headers: { ...earlier.response.headers, 'idempotent-replayed': 'true' } };
    }
    let response: StandInResponse;
    try {
      response = { status: 200, body: handle({ params, id: request.params.id ?? '' }) };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      response = errorResponse(error);
    }
    response.headers = { ...response.headers, 'request-id': newId('req') };
    if (idempotencyKey) {
      response.headers['idempotency-key'] = idempotencyKey;
      state.idempotent.set(idempotencyKey, { fingerprint, response: structuredClone(response) });
    }
    return response;
  };
}

function authenticate(request: StandInRequest): StandInResponse | undefined {
  const header = request.headers.authorization;
  const key = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  if (key === '') {
    return errorResponse(
      new StripeApiError(
        401,
        'invalid_request_error',
        undefined,
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      ),
    );
  }
  if (!/^(sk|rk)_test_/.test(key)) {
    return errorResponse(
      new StripeApiError(
        401,
        'invalid_request_error',
        'api_key_invalid',
        `Invalid API Key provided: ${key.slice(0, 8)}****`,
      ),
    );
  }
  return undefined;
}

function errorResponse(error: StripeApiError): StandInResponse {
  return {
    status: error.status,
    body: {
      error: {
        type: error.type,
        ...(error.code && { code: error.code }),
        message: error.message,
        ...(error.param && { param: error.param }),
      },
    },
  };
}

/** Stripe's 404 body for an unknown URL. */
const unrecognizedRequestUrl: RouteHandler = ({ method, path }) => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    },
  },
});

export function startStripe(options: StripeStandInOptions = {}): Promise<LocalEngine> {
  return startStandIn({
    port: options.port,
    routes: stripeRoutes(new StripeState()),
    notFound: unrecognizedRequestUrl,
  });
}
