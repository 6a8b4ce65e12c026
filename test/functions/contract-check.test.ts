import { describe, expect, it } from 'vitest';
import { call, demo, tokenFor } from '../support/api';
import { contractViolation } from '../support/contract-check';

/**
 * The check `call()` runs on every answer (test/support/contract-check.ts): it passes what
 * the contract declares and names the route, the status and the offending paths otherwise.
 */
const dpp = demo.acme.dpp;
const listPath = `/view-dpp-files/${dpp.id}`;

describe('the contract check of call()', () => {
  it('passes real answers: a success, a declared error and the catch-all', async () => {
    const token = await tokenFor('acme');
    expect((await call('GET', `${listPath}?limit=1`, { token })).status).toBe(200);
    expect((await call('GET', '/view-dpp-files/no-such-dpp', { token })).status).toBe(406);
    expect((await call('DELETE', '/no-such-route')).status).toBe(404);
  });

  it('refuses a success body that drifts from the response schema, naming the path', async () => {
    const { body } = await call('GET', listPath, { token: await tokenFor('acme') });
    const drifted = { ...body, files: [{ ...body.files[0], url: 1, extra: true }] };
    const violation = contractViolation('GET', listPath, 200, drifted);
    expect(violation).toContain(`GET ${listPath} (route GET /view-dpp-files/{dppId}, list-dpp-files) answered 200`);
    expect(violation).toContain('files.0.url');
    expect(violation).toContain('files.0.extra');
  });

  it('refuses a status the row does not declare, 500 included', () => {
    expect(contractViolation('GET', listPath, 404, { error: 'x', code: 'DPP_NOT_FOUND' })).toMatch(
      /does not declare \(it declares 200, 400, 401, 406, 503\)/,
    );
    expect(contractViolation('GET', listPath, 500, { error: 'Internal server error', code: 'INTERNAL_ERROR' })).toMatch(
      /does not declare/,
    );
    expect(contractViolation('GET', `/dpp/${dpp.id}`, 406, { error: 'x', code: 'y' })).toMatch(/does not declare/);
    expect(contractViolation('GET', '/no-such-route', 200, { error: 'Not Found' })).toMatch(
      /route \$default, not-found.*does not declare/,
    );
  });

  it('refuses an error body that is not the error body of docs/spec/decisions.md', () => {
    expect(contractViolation('GET', listPath, 406, { error: 'x' })).toContain('code');
    expect(contractViolation('GET', listPath, 406, { error: 'x', code: 'y', stack: 'at …' })).toContain('stack');
    expect(contractViolation('GET', '/no-such-route', 404, { error: 'Not Found', code: 'NOT_FOUND' })).toContain(
      'code',
    );
  });

  it('refuses an answer without the headers the contract gives it', () => {
    const json = new Headers({ 'content-type': 'application/json' });
    const unavailable = { error: 'retry', code: 'SERVICE_UNAVAILABLE' };
    expect(contractViolation('GET', `/dpp/${dpp.id}`, 200, {}, json)).toContain('without the content-language header');
    expect(contractViolation('GET', listPath, 503, unavailable, json)).toContain('without the retry-after header');
    const text = new Headers({ 'content-type': 'text/plain', 'retry-after': '2' });
    expect(contractViolation('GET', listPath, 503, unavailable, text)).toContain(
      'content-type: application/json (it is text/plain)',
    );
  });
});
