import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../infra/local/api-gateway-event';
import type { Handler } from '../../infra/local/handlers';
import { sampleEvent, withToken } from '../../infra/local/sample-events';
import { samples } from '../../infra/local/samples';
import { routes } from '../../lib/api/routes';
import { localEnv, tokenFor } from '../support/api';

/**
 * events/: one API Gateway v2 event per function, current with infra/local/samples.ts,
 * each answering its documented status when its handler runs in this process against
 * the local engines (what `npm run invoke` does).
 */
let loadHandler: (fn: string) => Promise<Handler>;
beforeAll(async () => {
  // Handlers read their settings once, at first import: set them first.
  Object.assign(process.env, localEnv);
  ({ loadHandler } = await import('../../infra/local/handlers'));
});

describe.each(routes.map((r) => [r.fn] as const))('events/%s.json', (fn) => {
  it('is the sample that `npm run events` writes', () => {
    const committed = JSON.parse(readFileSync(`events/${fn}.json`, 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(sampleEvent(fn))));
  });

  it(`answers its documented status (${samples[fn].status})`, async () => {
    const event = JSON.parse(readFileSync(`events/${fn}.json`, 'utf8'));
    const handler = await loadHandler(fn);
    const result = await handler(withToken(event, await tokenFor('acme')), lambdaContext(fn));
    expect({ status: result.statusCode, body: result.statusCode === samples[fn].status ? '' : result.body }).toEqual({
      status: samples[fn].status,
      body: '',
    });
  });
});
