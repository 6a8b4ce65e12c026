import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { lambdaContext, toApiGatewayEvent } from '../../infra/local/api-gateway-event';
import { loadHandler } from '../../infra/local/handlers';
import { routes } from '../../lib/api/routes';
import { call, demo, localEnv } from '../support/api';

/**
 * A path whose percent-encoding is malformed (`%` alone, `%ZZ`, a cut
 * UTF-8 sequence) is a 400 in the error body of docs/spec/decisions.md, never a 500.
 * - Locally: the server cannot decode the path parameters, so it answers 400
 *   MALFORMED_PATH itself, before any handler runs.
 * - In the cloud: API Gateway HTTP APIs decode path parameters (and `rawPath`) before the
 *   function sees them; a sequence they cannot decode may reach the function raw, or
 *   with U+FFFD for the bytes that are not UTF-8. Every path parameter's schema refuses
 *   all of those, so the function answers 400 whatever API Gateway passes.
 */
const acme = demo.acme;
const wallet = acme.admin.wallet;

describe('the local server answers 400 MALFORMED_PATH for a path it cannot decode, and keeps serving', () => {
  it.each([
    ['GET', '/dpp/abc%', `/dpp/${acme.dpp.id}`],
    ['GET', `/generateJWT/%E0%A4%A/${wallet}`, `/generateJWT/${acme.apiKey}/${wallet}`],
    ['GET', `/generateJWT/${acme.apiKey}/0x%ZZ`, `/generateJWT/${acme.apiKey}/${wallet}`],
    ['GET', '/dpp/%C3', `/dpp/${acme.dpp.id}`],
    ['GET', `/view-template-files/%E0%A4%A`, `/dpp/${acme.dpp.id}`],
    ['DELETE', `/delete-template-file/%/file/x`, `/dpp/${acme.dpp.id}`],
  ])('%s %s', async (method, path, normal) => {
    const { status, body, headers } = await call(method, path);
    expect([status, body]).toEqual([400, { error: expect.any(String), code: 'MALFORMED_PATH' }]);
    expect(headers.get('content-type')).toBe('application/json');
    expect((await call('GET', normal)).status).toBe(200);
  });

  it('still decodes well-formed percent-encoding in path parameters', async () => {
    const encoded = [...acme.dpp.id].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    expect((await call('GET', `/dpp/${encoded}`)).status).toBe(200);
    expect((await call('GET', '/dpp/caf%C3%A9')).body.code).toBe('VALIDATION_ERROR');
  });
});

/** What API Gateway may hand a function for a segment it could not decode: the raw text, or U+FFFD for bad bytes. */
const UNDECODABLE = ['%', 'abc%', '%ZZ', '%E0%A4%A', '%C3', '\uFFFD', 'a\uFFFDb', '\uFFFD%A'];

describe('the deployed functions answer 400 whatever API Gateway passes for a malformed segment', () => {
  const withParams = routes.filter((r) => r.path.includes('{'));

  // A greedy `{name+}`'s parameter is `name`, as API Gateway passes it.
  const namesOf = (path: string) => [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!);
  it.each(withParams.flatMap((r) => namesOf(r.path).map((name) => [r.fn, name, r] as const)))(
    '%s: the schema of path parameter %s refuses every undecodable form',
    (_, name, route) => {
      for (const value of UNDECODABLE) {
        const params = Object.fromEntries(namesOf(route.path).map((n) => [n, n === name ? value : 'x']));
        const result = v.safeParse(route.input, { params, query: {}, headers: {}, body: {} });
        const paths = (result.issues ?? []).map((issue) => v.getDotPath(issue));
        expect(paths, `${name} = ${JSON.stringify(value)}`).toContain(`params.${name}`);
      }
    },
  );

  it.each([
    ['get-dpp', { dppId: 'abc%' }],
    ['get-dpp', { dppId: 'abc\uFFFD' }],
    ['generate-jwt', { api_key: '%E0%A4%A', wallet_address: wallet }],
    ['generate-jwt', { api_key: '\uFFFD%A', wallet_address: wallet }],
    ['generate-jwt', { api_key: '\uFFFD\uFFFD', wallet_address: wallet }],
  ] as const)('%s, in process, on the event API Gateway would pass with %j: 400', async (fn, pathParameters) => {
    Object.assign(process.env, localEnv, { LOG_LEVEL: 'SILENT' });
    const route = routes.find((r) => r.fn === fn)!;
    const path = route.path.replace(/\{([^}]+)\}/g, (_, n: string) => (pathParameters as Record<string, string>)[n]!);
    const event = toApiGatewayEvent(
      { method: route.method, url: path, headers: { host: 'api.example' } },
      { route, pathParameters },
    );
    const handler = await loadHandler(fn);
    const response = await handler(event, lambdaContext(fn));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body!)).toMatchObject({ error: expect.any(String), code: 'VALIDATION_ERROR' });
  });
});
