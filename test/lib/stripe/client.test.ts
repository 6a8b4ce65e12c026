import { createServer, type IncomingMessage, type Server } from 'node:http';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listen, localEndpoint } from '../../../infra/local/engines/ports';
import { parseStripeForm, startStripe } from '../../../infra/local/engines/stripe';

/** Each case loads the adapter afresh (vi.resetModules), so errors are recognised by what they are, not by class identity. */
const unavailable = expect.objectContaining({ name: 'DomainError', kind: 'unavailable', code: 'SERVICE_UNAVAILABLE' });
const configError = expect.objectContaining({ name: 'ConfigError' });

/**
 * The Stripe adapter (lib/stripe/client.ts): its wire format against what the official SDK and
 * the stand-in speak, and its handling of every kind of answer, from a raw HTTP server that
 * answers what Stripe can (a 500, a 429, a timeout, a 401). Each case loads the adapter with
 * its own settings (read once per container).
 */
type Client = typeof import('../../../lib/stripe/client');
type Api = typeof import('../../../lib/stripe/api');

async function adapterWith(settings: Record<string, string | undefined>): Promise<Client & Api> {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  vi.resetModules();
  return { ...(await import('../../../lib/stripe/client')), ...(await import('../../../lib/stripe/api')) };
}
const SETTINGS = ['STRIPE_API_URL', 'STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY_SECRET_ID'];
afterAll(() => {
  for (const name of SETTINGS) delete process.env[name];
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A server that answers each request with the next of `answers` and records what it got. */
async function rawStripe(
  answers: Array<(seen: Seen) => { status: number; body?: string; headers?: Record<string, string> } | 'hang'>,
) {
  const seen: Seen[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    };
    seen.push(request);
    const answer = (answers[seen.length - 1] ?? answers.at(-1)!)(request);
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body ?? '{}');
  });
  const port = await listen(server, 0);
  return {
    url: localEndpoint(port),
    seen,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const stripeError = (type: string, code?: string, message = 'refused') =>
  JSON.stringify({ error: { type, code, message } });

describe('the wire format', () => {
  it('pins the API version of the installed stripe SDK, whose shapes it reads', async () => {
    const { STRIPE_API_VERSION } = await adapterWith({ STRIPE_SECRET_KEY: 'sk_test_unit' });
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('form-encodes as the SDK does: bracketed keys, arrays by index, null as empty, undefined left out', async () => {
    const { formEncode } = await adapterWith({ STRIPE_SECRET_KEY: 'sk_test_unit' });
    expect(
      formEncode({
        customer: 'cus_1',
        items: [{ price: 'price_1' }],
        discounts: [{ promotion_code: 'promo_1' }],
        metadata: { dpp_user_id: 'u 1&2' },
        expand: ['data.promotion.coupon', 'data.customer'],
        days_until_due: 30,
        gone: undefined,
        cleared: null,
      }),
    ).toBe(
      'customer=cus_1&items[0][price]=price_1&discounts[0][promotion_code]=promo_1&metadata[dpp_user_id]=u%201%262' +
        '&expand[0]=data.promotion.coupon&expand[1]=data.customer&days_until_due=30&cleared=',
    );
  });

  it('encodes what the stand-in reads back as the same parameters, for any nested parameters', async () => {
    const { formEncode } = await adapterWith({ STRIPE_SECRET_KEY: 'sk_test_unit' });
    const key = fc.stringMatching(/^[a-z_]{1,8}$/);
    const leaf = fc.string({ maxLength: 12 });
    const params = fc.dictionary(
      key,
      fc.oneof(
        leaf,
        fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 }),
        fc.array(fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 2 }), { minLength: 1, maxLength: 3 }),
      ),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(params, (p) => {
        expect(parseStripeForm(formEncode(p))).toEqual(p);
      }),
    );
  });

  it('derives the same idempotency key from the same write and different keys from different ones', async () => {
    const { idempotencyKeyOf } = await adapterWith({ STRIPE_SECRET_KEY: 'sk_test_unit' });
    const key = idempotencyKeyOf('POST', '/v1/subscriptions', 'customer=cus_1');
    expect(key).toMatch(/^dpp-[0-9a-f]{64}$/);
    expect(idempotencyKeyOf('POST', '/v1/subscriptions', 'customer=cus_1')).toBe(key);
    expect(idempotencyKeyOf('POST', '/v1/subscriptions', 'customer=cus_2')).not.toBe(key);
    expect(idempotencyKeyOf('POST', '/v1/customers', 'customer=cus_1')).not.toBe(key);
  });
});

describe('against the stand-in', () => {
  let engine: Awaited<ReturnType<typeof startStripe>>;
  beforeAll(async () => {
    engine = await startStripe();
  });
  afterAll(() => engine.stop());

  it('reads a promotion code with its coupon and customer expanded, and finds customers by exact e-mail', async () => {
    const api = await adapterWith({ STRIPE_API_URL: engine.endpoint, STRIPE_SECRET_KEY: 'sk_test_unit' });
    const [code] = await api.stripe.promotionCodesByCode('acmevip40');
    expect(code).toMatchObject({
      code: 'ACMEVIP40',
      promotion: { type: 'coupon', coupon: { object: 'coupon', percent_off: 40 } },
      customer: { id: 'cus_demo_acme_admin', email: 'admin@acme.example' },
    });
    expect(await api.stripe.customersByEmail('admin@acme.example')).toMatchObject([{ id: 'cus_demo_acme_admin' }]);
    expect(await api.stripe.customersByEmail('ADMIN@acme.example')).toEqual([]);
  });

  it('sends a write twice with one key, so the second gets the first object back', async () => {
    const api = await adapterWith({ STRIPE_API_URL: engine.endpoint, STRIPE_SECRET_KEY: 'sk_test_unit' });
    const params = { email: 'twice@unit.example', metadata: { dpp_user_id: 'u1' } };
    const first = await api.stripe.createCustomer(params);
    const second = await api.stripe.createCustomer(params);
    expect(second.id).toBe(first.id);
    expect(await api.stripe.customersByEmail('twice@unit.example')).toHaveLength(1);
  });

  it('throws StripeError with Stripe’s type and code for a refused request', async () => {
    const api = await adapterWith({ STRIPE_API_URL: engine.endpoint, STRIPE_SECRET_KEY: 'sk_test_unit' });
    const error = await api.stripe.promotionCode('promo_nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(api.StripeError);
    expect(error).toMatchObject({ status: 404, type: 'invalid_request_error', code: 'resource_missing' });
  });
});

describe('answers that are not a plain success', () => {
  const servers: Array<{ stop: () => Promise<void> }> = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });
  const serve = async (...answers: Parameters<typeof rawStripe>[0]) => {
    const server = await rawStripe(answers);
    servers.push(server);
    return { server, api: await adapterWith({ STRIPE_API_URL: server.url, STRIPE_SECRET_KEY: 'sk_test_unit' }) };
  };
  const created = { id: 'cus_1', object: 'customer', email: 'a@b.example', metadata: {} };

  it('retries a 500 once with the same idempotency key, and takes the second answer', async () => {
    const { server, api } = await serve(
      () => ({ status: 500, body: stripeError('api_error') }),
      () => ({ status: 200, body: JSON.stringify(created) }),
    );
    expect(await api.stripe.createCustomer({ email: 'a@b.example', metadata: {} })).toEqual(created);
    expect(server.seen).toHaveLength(2);
    const [first, second] = server.seen;
    expect(first!.headers['idempotency-key']).toMatch(/^dpp-/);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(first!.headers).toMatchObject({
      authorization: 'Bearer sk_test_unit',
      'stripe-version': api.STRIPE_API_VERSION,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(first!.body).toBe('email=a%40b.example');
  });

  it('is unavailable (503) after two 5xx, a 429 (keeping its Retry-After) or 409s', async () => {
    for (const answer of [
      () => ({ status: 503, body: 'Service Unavailable' }),
      () => ({
        status: 429,
        body: stripeError('invalid_request_error', 'rate_limit'),
        headers: { 'retry-after': '7' },
      }),
      () => ({ status: 409, body: stripeError('idempotency_error') }),
    ]) {
      const { server, api } = await serve(answer);
      const error = await api.stripe.customersByEmail('a@b.example').catch((e: unknown) => e);
      expect(error).toEqual(unavailable);
      expect(server.seen).toHaveLength(2);
      if (answer().status === 429) expect(error).toMatchObject({ retryAfterSeconds: 7 });
    }
  });

  it('does not retry what Stripe says not to retry (stripe-should-retry: false)', async () => {
    const { server, api } = await serve(() => ({
      status: 500,
      body: stripeError('api_error'),
      headers: { 'stripe-should-retry': 'false' },
    }));
    await expect(api.stripe.customersByEmail('a@b.example')).rejects.toEqual(unavailable);
    expect(server.seen).toHaveLength(1);
  });

  it('is unavailable when Stripe does not answer in time, or not with JSON', async () => {
    // It never answers: being answered at all is the attempts' timeouts (no duration asserted).
    const slow = await serve(() => 'hang');
    await expect(slow.api.stripe.customersByEmail('a@b.example')).rejects.toEqual(unavailable);
    const html = await serve(() => ({ status: 200, body: '<html>proxy</html>' }));
    await expect(html.api.stripe.customersByEmail('a@b.example')).rejects.toEqual(unavailable);
  }, 20_000);

  it('gives up when the request’s budget runs out, before its own timeout, and does not try again', async () => {
    const { server, api } = await serve(() => 'hang');
    // The budget module the adapter was loaded with (each case loads the modules afresh).
    const { withBudget } = await import('../../../lib/aws/budget');
    const started = Date.now();
    const soon = { work: started + 200, last: started + 400 };
    await expect(withBudget(soon, () => api.stripe.customersByEmail('a@b.example'))).rejects.toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(api.STRIPE_ATTEMPT_TIMEOUT_MS);
    expect(server.seen).toHaveLength(1);
  });

  it('is a plain error (500, our configuration) when Stripe refuses the key, never a StripeError for the client', async () => {
    const { server, api } = await serve(() => ({
      status: 401,
      body: stripeError('invalid_request_error', 'api_key_invalid'),
    }));
    const error = await api.stripe.customersByEmail('a@b.example').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(api.StripeError);
    expect(error).not.toHaveProperty('kind');
    expect(server.seen).toHaveLength(1);
  });

  it('sends GET parameters in the query and no idempotency key with them', async () => {
    const { server, api } = await serve(() => ({
      status: 200,
      body: JSON.stringify({ object: 'list', data: [], has_more: false }),
    }));
    await api.stripe.promotionCodesByCode('WELCOME20');
    expect(server.seen[0]!.method).toBe('GET');
    expect(decodeURIComponent(server.seen[0]!.url)).toBe(
      '/v1/promotion_codes?code=WELCOME20&limit=20&expand[0]=data.promotion.coupon&expand[1]=data.customer',
    );
    expect(server.seen[0]!.headers['idempotency-key']).toBeUndefined();
  });
});

describe('the secret key', () => {
  const secrets = mockClient(SecretsManagerClient);
  beforeEach(() => secrets.reset());
  afterAll(() => secrets.restore());

  it('is read from Secrets Manager once per container when no inline key is set', async () => {
    const server = await rawStripe([
      () => ({ status: 200, body: JSON.stringify({ object: 'list', data: [], has_more: false }) }),
    ]);
    secrets.on(GetSecretValueCommand).resolves({ SecretString: 'sk_test_from_secret\n' });
    const api = await adapterWith({
      STRIPE_API_URL: server.url,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_SECRET_KEY_SECRET_ID: 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:stripe',
    });
    await api.stripe.customersByEmail('a@b.example');
    await api.stripe.customersByEmail('a@b.example');
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(server.seen.map((s) => s.headers.authorization)).toEqual([
      'Bearer sk_test_from_secret',
      'Bearer sk_test_from_secret',
    ]);
    await server.stop();
  });

  it('refuses the stack’s placeholder (or anything that is not a Stripe secret key) with a ConfigError, calling nobody', async () => {
    const server = await rawStripe([() => ({ status: 200 })]);
    secrets.on(GetSecretValueCommand).resolves({
      SecretString: 'REPLACE_ME: a Stripe secret key (sk_test_... for test mode)',
    });
    const api = await adapterWith({
      STRIPE_API_URL: server.url,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_SECRET_KEY_SECRET_ID: 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:stripe',
    });
    await expect(api.stripe.customersByEmail('a@b.example')).rejects.toEqual(configError);
    expect(server.seen).toEqual([]);
    await server.stop();
  });
});
