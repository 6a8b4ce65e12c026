import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalEngine } from '../../../../infra/local/engines';
import { freePort, listen, localEndpoint } from '../../../../infra/local/engines/ports';
import { startVies } from '../../../../infra/local/engines/vies';

/**
 * The VIES adapter (lib/companies/kyb/vies.ts) against the VIES stand-in over HTTP, and against a raw
 * HTTP server for the answers VIES's shapes do not cover (an HTML error page, a 200 that
 * carries a fault code). Each case loads the adapter with its own settings (they are read once).
 */
type Adapter = typeof import('../../../../lib/companies/kyb/vies');

async function adapterWith(settings: Record<string, string | undefined>): Promise<Adapter> {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  vi.resetModules();
  return import('../../../../lib/companies/kyb/vies');
}

let vies: LocalEngine;
let adapter: Adapter;
const it_ = (vatNumber: string) => ({ countryCode: 'IT', vatNumber });

beforeAll(async () => {
  vies = await startVies();
  adapter = await adapterWith({
    VIES_URL: vies.endpoint,
    VIES_TIMEOUT_MS: '300',
    VIES_REQUESTER_VAT: 'IT12345670017',
  });
});
afterAll(async () => {
  await vies.stop();
  for (const name of ['VIES_URL', 'VIES_TIMEOUT_MS', 'VIES_REQUESTER_VAT']) delete process.env[name];
});

describe('checkVatNumber against the VIES stand-in', () => {
  it('is valid for a registered number, with the date, the consultation number, the name and the address', async () => {
    expect(await adapter.checkVatNumber(it_('11111110018'))).toEqual({
      outcome: 'valid',
      requestDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      requestIdentifier: expect.stringMatching(/^WAPI[A-Z0-9]{12}$/),
      name: 'ACME BIKES S.R.L.',
      address: expect.stringContaining('MILANO'),
    });
    expect(await adapter.checkVatNumber({ countryCode: 'EL', vatNumber: '123456783' })).toMatchObject({
      outcome: 'valid',
    });
    expect(await adapter.checkVatNumber({ countryCode: 'XI', vatNumber: '123456782' })).toMatchObject({
      outcome: 'valid',
    });
  });

  it('is invalid for the demo invalid number and for any number VIES does not know, with no "---" kept', async () => {
    for (const number of ['22222220018', '00743110157']) {
      const answer = await adapter.checkVatNumber(it_(number));
      expect(answer).toEqual({
        outcome: 'invalid',
        requestDate: expect.any(String),
        requestIdentifier: expect.any(String),
      });
    }
  });

  it.each([
    ['33333330018', 'MS_UNAVAILABLE'],
    ['55555550015', 'MS_MAX_CONCURRENT_REQ'],
    ['66666660015', 'GLOBAL_MAX_CONCURRENT_REQ'],
    ['77777770015', 'SERVICE_UNAVAILABLE'],
    ['88888880015', 'TIMEOUT'],
  ])('is unavailable, never invalid, for %s (VIES fault %s)', async (number, fault) => {
    expect(await adapter.checkVatNumber(it_(number))).toEqual({ outcome: 'unavailable', fault });
  });

  it('is unavailable with TIMEOUT when VIES does not answer in time', async () => {
    // The stand-in never answers this number: an answer at all is the timeout's (no duration asserted).
    expect(await adapter.checkVatNumber(it_('99999990015'))).toEqual({ outcome: 'unavailable', fault: 'TIMEOUT' });
  });

  it('answers the retry demo number unavailable once, then valid', async () => {
    expect(await adapter.checkVatNumber(it_('44444440018'))).toEqual({
      outcome: 'unavailable',
      fault: 'MS_UNAVAILABLE',
    });
    expect(await adapter.checkVatNumber(it_('44444440018'))).toMatchObject({
      outcome: 'valid',
      name: 'RIPROVA S.R.L.',
    });
  });

  it('gets no consultation number without a requester, as VIES gives one only to a named requester', async () => {
    const anonymous = await adapterWith({ VIES_URL: vies.endpoint, VIES_REQUESTER_VAT: undefined });
    const answer = await anonymous.checkVatNumber(it_('11111110018'));
    expect(answer).toMatchObject({ outcome: 'valid' });
    expect(answer.outcome !== 'unavailable' && answer.requestIdentifier).toBeUndefined();
  });
});

describe('checkVatNumber when VIES is not itself', () => {
  let server: Server;
  let reply: { status: number; type: string; body: string };
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(reply.status, { 'content-type': reply.type });
      res.end(reply.body);
    });
    await listen(server, 0);
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  const check = async () => {
    const address = server.address() as { port: number };
    const raw = await adapterWith({ VIES_URL: localEndpoint(address.port), VIES_TIMEOUT_MS: '1000' });
    return raw.checkVatNumber(it_('11111110018'));
  };

  it.each([
    ['an HTML error page', { status: 502, type: 'text/html', body: '<html>Bad gateway</html>' }, 'SERVICE_UNAVAILABLE'],
    ['a 200 that is not JSON', { status: 200, type: 'text/plain', body: 'ok' }, 'SERVICE_UNAVAILABLE'],
    [
      'a 200 without a verdict',
      { status: 200, type: 'application/json', body: '{"countryCode":"IT"}' },
      'SERVICE_UNAVAILABLE',
    ],
    [
      'a 200 carrying a fault code',
      { status: 200, type: 'application/json', body: '{"isValid":false,"valid":false,"userError":"MS_UNAVAILABLE"}' },
      'MS_UNAVAILABLE',
    ],
    [
      'a 503 with a JSON body of its own',
      { status: 503, type: 'application/json', body: '{"valid":false}' },
      'HTTP_503',
    ],
  ])('is unavailable for %s', async (_what, answer, fault) => {
    reply = answer;
    expect(await check()).toEqual({ outcome: 'unavailable', fault });
  });

  it('is unavailable with TIMEOUT when the request’s or worker run’s budget ends before its own timeout', async () => {
    const hanging = createServer(() => undefined);
    await listen(hanging, 0);
    try {
      const address = hanging.address() as { port: number };
      const raw = await adapterWith({ VIES_URL: localEndpoint(address.port), VIES_TIMEOUT_MS: '60000' });
      const { withBudget } = await import('../../../../lib/aws/budget');
      const soon = { work: Date.now() + 200, last: Date.now() + 400 };
      expect(await withBudget(soon, () => raw.checkVatNumber(it_('11111110018')))).toEqual({
        outcome: 'unavailable',
        fault: 'TIMEOUT',
      });
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((done) => hanging.close(() => done()));
    }
  });

  it('is unavailable when nothing listens', async () => {
    const port = await freePort();
    const down = await adapterWith({ VIES_URL: localEndpoint(port) });
    expect(await down.checkVatNumber(it_('11111110018'))).toEqual({
      outcome: 'unavailable',
      fault: 'SERVICE_UNAVAILABLE',
    });
  });
});
