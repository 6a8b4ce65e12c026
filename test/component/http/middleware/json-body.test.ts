import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { defineRoute } from '../../../../lib/api/contract';
import { upload } from '../../../../lib/api/errors';
import { notFoundRoute } from '../../../../lib/api/routes/not-found';
import { publicJsonEndpoint } from '../../../../lib/http/json-endpoint';
import { ok } from '../../../../lib/http/response';
import { MAX_JSON_BODY_BYTES } from '../../../../lib/limits';
import { apiEvent, invokeEvent, type TestRequest } from '../../../support/unit/events';

/**
 * The parser composed the way a JSON endpoint is, from a row of its own with `body: 'json'`,
 * so these cases do not depend on any real route's rules (the public catch-all lends its
 * place in the route table, so the test events, sent to a path no route has, reach it).
 */
const jsonRoute = defineRoute({
  ...notFoundRoute,
  fn: 'json-body-test',
  body: 'json',
  input: v.object({
    body: v.object({
      userId: v.pipe(v.string(), v.minLength(1)),
      userData: v.object({ vat_number: v.pipe(v.string(), v.regex(/^IT\d{11}$/, 'must be an Italian VAT number')) }),
    }),
  }),
  errors: { invalid: 400, ...upload },
});

let received: unknown[];
const handler = publicJsonEndpoint(jsonRoute, async ({ input: parsed }) => {
  received.push(parsed.body);
  return ok({ ok: true });
});

beforeEach(() => {
  received = [];
});

const post = (request: Omit<TestRequest, 'method' | 'url'>, edit?: (event: ReturnType<typeof apiEvent>) => void) => {
  const event = apiEvent('not-found', { method: 'POST', url: '/a-json-test-route', ...request });
  edit?.(event);
  return invokeEvent('not-found', handler, event);
};

const valid = { userId: 'u1', userData: { vat_number: 'IT12345678901' } };
const asJson = { 'content-type': 'application/json' };

describe('JSON bodies', () => {
  it('parses a JSON body', async () => {
    const response = await post({ body: JSON.stringify(valid), headers: asJson });
    expect(response.status).toBe(200);
    expect(received).toEqual([valid]);
  });

  it('parses a JSON body that API Gateway passed base64-encoded', async () => {
    const response = await post({ headers: asJson }, (event) => {
      event.body = Buffer.from(JSON.stringify(valid)).toString('base64');
      event.isBase64Encoded = true;
    });
    expect(response.status).toBe(200);
    expect(received).toEqual([valid]);
  });

  it('accepts application/json with a charset', async () => {
    const response = await post({
      body: JSON.stringify(valid),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ['truncated JSON', '{"userId": "u1", "userData": {'],
    ['a single quote JSON-like text', "{'userId': 'u1'}"],
  ])('answers 400 MALFORMED_BODY for %s', async (_, body) => {
    const response = await post({ body, headers: asJson });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: expect.any(String), code: 'MALFORMED_BODY' });
    expect(received).toEqual([]);
  });

  it('answers 400 MALFORMED_BODY for JSON sent with another content-type', async () => {
    const response = await post({ body: JSON.stringify(valid), headers: { 'content-type': 'text/plain' } });
    expect([response.status, response.json.code]).toEqual([400, 'MALFORMED_BODY']);
  });

  it('answers 400 MALFORMED_BODY without a body', async () => {
    const response = await post({ headers: asJson });
    expect([response.status, response.json.code]).toEqual([400, 'MALFORMED_BODY']);
  });

  it('answers 413 for a body over the limit counted in bytes, not characters', async () => {
    const padding = 'é'.repeat(Math.ceil(MAX_JSON_BODY_BYTES / 2) + 1);
    const body = JSON.stringify({ ...valid, padding });
    expect(body.length).toBeLessThan(MAX_JSON_BODY_BYTES);
    const response = await post({ body, headers: asJson });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ error: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    expect(received).toEqual([]);
  });

  it('names a nested body field by its dotted path: userData.vat_number', async () => {
    const response = await post({
      body: JSON.stringify({ userId: '', userData: { vat_number: 'IT1' } }),
      headers: asJson,
    });
    expect(response.status).toBe(400);
    expect(response.json.details).toEqual([
      { path: 'userId', message: expect.any(String) },
      { path: 'userData.vat_number', message: 'must be an Italian VAT number' },
    ]);
  });

  it.each([
    ['{"__proto__": {"polluted": true}, "userId": "u1"}', 'a key "__proto__"'],
    ['{"userId": "u1", "userData": {"__proto__": null}}', 'a key "__proto__"'],
    ['{"constructor": {"prototype": {"polluted": true}}}', 'a key "constructor" with a "prototype"'],
  ])('refuses %s with 400 MALFORMED_BODY naming the forbidden key, not as unparseable JSON', async (body, named) => {
    const response = await post({ body, headers: asJson });
    expect([response.status, response.json.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(response.json.error).toContain(named);
    expect(response.json.error).not.toContain('could not be parsed');
    expect(received).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 400 MALFORMED_BODY to a JSON array where an object is expected, without running the endpoint', async () => {
    // valibot's object() takes an array for an object, so the parser refuses it first.
    const response = await post({ body: '[1,2,3]', headers: asJson });
    expect([response.status, response.json.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(received).toEqual([]);
  });
});

/** A JSON row whose body fields are all optional: an empty object is a valid body, `null` is not. */
const optionalRoute = defineRoute({
  ...jsonRoute,
  input: v.object({ body: v.object({ note: v.optional(v.string()) }) }),
});
const optionalHandler = publicJsonEndpoint(optionalRoute, async ({ input: parsed }) => {
  received.push(parsed.body);
  return ok({ ok: true });
});

describe('JSON bodies that are not an object', () => {
  const postOptional = (body: string) =>
    invokeEvent(
      'not-found',
      optionalHandler,
      apiEvent('not-found', { method: 'POST', url: '/a-json-test-route', body, headers: asJson }),
    );

  it('accepts {} where every field is optional', async () => {
    const response = await postOptional('{}');
    expect(response.status).toBe(200);
    expect(received).toEqual([{}]);
  });

  // Found while building the contract fuzz: a JSON `null` was validated as `{}`, and
  // valibot's object() takes `[]`, so both ran an endpoint whose body fields are all optional.
  it.each(['null', '[]', '[{}]', '"text"', '1', 'true'])(
    'answers 400 MALFORMED_BODY to the JSON body %s, without running the endpoint',
    async (body) => {
      const response = await postOptional(body);
      expect(response.json).toEqual({ error: 'The request body must be a JSON object', code: 'MALFORMED_BODY' });
      expect([response.status, received]).toEqual([400, []]);
    },
  );
});
