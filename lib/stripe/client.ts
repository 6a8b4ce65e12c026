/**
 * The one adapter to Stripe's REST API: form-encoded requests over fetch, with Stripe's own
 * wire rules (bracketed keys as the official SDK writes them, `Stripe-Version` pinned to the
 * SDK's, an `Idempotency-Key` on every write, its error envelope `{error: {type, code,
 * message}}`). Locally STRIPE_API_URL is the stand-in (infra/local/engines/stripe.ts); unset,
 * it is https://api.stripe.com, and a test-mode key (`sk_test_…`) talks to real Stripe.
 *
 * Not the `stripe` SDK itself: its client instantiates every one of its ~130 resources in its
 * constructor, so no entry point tree-shakes, and it adds ~240 KiB to a bundle (measured: the
 * Node, worker and extensibility entries alike), over twice what a function may weigh above
 * its AWS SDK floor (docs/performance.md). The stand-in's tests drive it with the SDK, so both
 * speak the same wire format.
 *
 * Faults: a network failure, a timeout, 429, 409 (a lock or a concurrent request with the same
 * key) or 5xx is retried once with the same idempotency key (as the SDK does), then is
 * `UnavailableError` (503 + Retry-After). A refused key (401/403) is our configuration's fault:
 * a plain error (500). Any other 4xx is `StripeError`, for the use case to judge.
 */
import { createHash } from 'node:crypto';
import { budget, withinBudget } from '../aws/budget';
import { readSecret } from '../aws/secrets';
import { loadedOnce } from '../cached';
import { ConfigError, oneOf, optional } from '../config';
import { UnavailableError } from '../errors';
import { logger } from '../logger';

const apiUrl = /* @__PURE__ */ optional('STRIPE_API_URL');
/** The secret key: inline locally (`sk_test_local`), a Secrets Manager secret in the cloud. */
const source = /* @__PURE__ */ oneOf('STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY_SECRET_ID');

/** The API version of the installed `stripe` SDK (a unit test keeps them equal): its shapes are the ones read here. */
export const STRIPE_API_VERSION = '2026-10-28.endive';
export const STRIPE_DEFAULT_URL = 'https://api.stripe.com';
/** One attempt's limit; two attempts and the pause fit the functions' 10 s with room for DynamoDB and SES. */
export const STRIPE_ATTEMPT_TIMEOUT_MS = 3500;
const MAX_ATTEMPTS = 2;
const RETRY_PAUSE_MS = 300;
const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/;

/** Read once per container; a failed read is retried by the next request (lib/cached.ts). */
const secretKey = /* @__PURE__ */ loadedOnce(async (): Promise<string> => {
  const inline = source.first();
  const key = (inline ?? (await readSecret(source.second() ?? '')) ?? '').trim();
  if (!SECRET_KEY.test(key)) {
    throw new ConfigError(
      'The Stripe secret key is not one (sk_test_…, sk_live_… or a restricted rk_… key): put it in the Stripe secret (docs/deploy.md)',
    );
  }
  return key;
});

/** Stripe refused the request (a 4xx other than 401/403/409/429), in its own terms. */
export class StripeError extends Error {
  override name = 'StripeError';
  constructor(
    readonly status: number,
    /** `invalid_request_error`, `card_error`, `idempotency_error`, … */
    readonly type: string,
    /** Stripe's machine code (`resource_missing`, `coupon_expired`, …), when it gives one. */
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export type Params = { readonly [key: string]: Param };
type Param = string | number | boolean | null | undefined | readonly Param[] | Params;

/**
 * Stripe's form encoding, as the official SDK writes it: `a[b]=1`, arrays by index
 * (`expand[0]=x`), brackets left readable, `null` as the empty string, `undefined` left out.
 */
export function formEncode(params: Params): string {
  const pairs: string[] = [];
  const encode = (key: string, value: Param): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object') {
      pairs.push(`${formPart(key)}=${formPart(value === null ? '' : String(value))}`);
    } else if (Array.isArray(value)) {
      for (const [index, item] of (value as readonly Param[]).entries()) encode(`${key}[${index}]`, item);
    } else {
      for (const [name, item] of Object.entries(value as Params)) encode(`${key}[${name}]`, item);
    }
  };
  for (const [key, value] of Object.entries(params)) encode(key, value);
  return pairs.join('&');
}

const formPart = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!*()']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']');

/**
 * The idempotency key of a write: derived from the request itself (method, path and encoded
 * body, which name the company, user, customer, price and promotion code), so a retried
 * request (the client's, ours, or one after a timeout) sends Stripe the same key and gets the
 * same object back instead of a second one; a different request can never share a key.
 */
export const idempotencyKeyOf = (method: string, path: string, body: string): string =>
  `dpp-${createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex')}`;

type Method = 'GET' | 'POST' | 'DELETE';

/** One call to Stripe; the parsed body of a 2xx answer. */
export async function stripeRequest<T>(method: Method, path: string, params: Params = {}): Promise<T> {
  const encoded = formEncode(params);
  const base = (apiUrl() ?? STRIPE_DEFAULT_URL).replace(/\/+$/, '');
  const url = method === 'POST' || encoded === '' ? `${base}${path}` : `${base}${path}?${encoded}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${await secretKey()}`,
    accept: 'application/json',
    'stripe-version': STRIPE_API_VERSION,
  };
  let body: string | undefined;
  if (method === 'POST') {
    body = encoded;
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  if (method !== 'GET') headers['idempotency-key'] = idempotencyKeyOf(method, path, encoded);

  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptOnce(method, url, headers, body);
    if ('ok' in outcome) return outcome.ok as T;
    if ('refused' in outcome) throw outcome.refused;
    // A request whose budget ran out does not try again: it answers 503 in time.
    if (attempt >= MAX_ATTEMPTS || !outcome.retry || budget()?.signal.aborted) {
      logger.warn('Stripe is unavailable', { stripe_path: path, reason: outcome.reason });
      throw new UnavailableError('The payment provider is unavailable; please retry shortly', outcome.retryAfter);
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
}

type Outcome = { ok: unknown } | { refused: Error } | { reason: string; retry: boolean; retryAfter?: number };

async function attemptOnce(
  method: Method,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Outcome> {
  let response: Response;
  let text: string;
  try {
    // Its own timeout or the request's budget (lib/aws/budget.ts), whichever ends first.
    const signal = withinBudget(AbortSignal.timeout(STRIPE_ATTEMPT_TIMEOUT_MS));
    response = await fetch(url, { method, headers, body, signal });
    text = await response.text();
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    return { reason: name === 'TimeoutError' ? 'timeout' : 'network', retry: true };
  }
  const { status } = response;
  const envelope = parseJson(text) as { error?: { type?: unknown; code?: unknown; message?: unknown } } | undefined;
  if (status >= 200 && status < 300) {
    return envelope === undefined ? { reason: 'a 2xx that is not JSON', retry: true } : { ok: envelope };
  }
  const shouldRetry = response.headers.get('stripe-should-retry');
  if (status === 409 || status === 429 || status >= 500 || envelope?.error === undefined) {
    return {
      reason: `HTTP ${status}`,
      retry: shouldRetry !== 'false',
      retryAfter: retryAfterOf(response.headers.get('retry-after')),
    };
  }
  const { type, code, message } = envelope.error;
  if (status === 401 || status === 403) {
    // Our key is wrong or lacks a permission: a configuration fault, never the client's.
    return { refused: new Error(`Stripe refused the secret key (HTTP ${status}, ${String(type)})`) };
  }
  return {
    refused: new StripeError(
      status,
      typeof type === 'string' ? type : 'api_error',
      typeof code === 'string' ? code : undefined,
      typeof message === 'string' ? message : `HTTP ${status}`,
    ),
  };
}

function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Stripe's `Retry-After` in seconds, kept between 1 and 30; otherwise the default. */
function retryAfterOf(header: string | null): number | undefined {
  const seconds = Number(header);
  return Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, 30) : undefined;
}
