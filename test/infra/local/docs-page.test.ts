import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, demo, tokenFor } from '../../support/api';
import { CHROMIUM_ARGS, findChromium, INSTALL_TIMEOUT_MS } from '../../support/browser';

/**
 * /docs in a real headless Chromium, as a person uses it: the operation list renders from
 * /openapi.json, "Try it out" sends a real request to this server, and Authorize makes the
 * token routes answer. Nothing is fetched from anywhere but the local server (no CDN).
 */
let browser: Browser;
let page: Page;
const elsewhere: string[] = [];

beforeAll(async () => {
  // Finding (or, once, installing) Chromium can take minutes; see test/support/browser.ts.
  // Playwright's launch() gives each browser a fresh temporary profile.
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
  page = await browser.newPage();
  // Fail on the step that did not happen, inside the test’s own timeout (30 s; Swagger UI takes
  // seconds to render the document in a Chromium sharing two cores with the suite).
  page.setDefaultTimeout(25_000);
  page.on('request', (request) => {
    if (!request.url().startsWith(apiUrl) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  await page.goto(`${apiUrl}/docs`);
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
});

/** One operation's block in the list, e.g. `get`, `/dpp/{dppId}`. */
const operationOf = (method: string, path: string) =>
  page.locator(`.opblock-${method}`, { has: page.locator(`[data-path="${path}"]`) });

/** Expands an operation, clicks "Try it out", fills path parameters, clicks Execute; returns the live status. */
async function tryIt(method: string, path: string, params: Record<string, string>): Promise<string> {
  const operation = operationOf(method, path);
  await operation.locator('.opblock-summary').first().click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  for (const [name, value] of Object.entries(params)) {
    await operation.locator(`tr[data-param-name="${name}"] input`).fill(value);
  }
  await operation.getByRole('button', { name: 'Execute' }).click();
  const status = operation.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor();
  return ((await status.textContent()) ?? '').trim();
}

describe('GET /docs', () => {
  it('lists every operation of /openapi.json', async () => {
    const doc = (await (await fetch(`${apiUrl}/openapi.json`)).json()) as {
      servers: unknown;
      paths: Record<string, object>;
    };
    // The page's own origin, so "Try it out" is same-origin.
    expect(doc.servers).toEqual([{ url: apiUrl }]);
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    await page.locator('.opblock').first().waitFor();
    await expect.poll(() => page.locator('.opblock').count()).toBe(count);
  });

  it('tries GET /dpp/{dppId} on the demo DPP and shows the live 200', async () => {
    expect(await tryIt('get', '/dpp/{dppId}', { dppId: demo.acme.dpp.id })).toBe('200');
    await expect
      .poll(() => operationOf('get', '/dpp/{dppId}').locator('.live-responses-table').textContent())
      .toContain(demo.acme.dpp.id);
  });

  it('authorizes with a demo token, and a token route answers 200', async () => {
    await page.locator('.auth-wrapper .authorize').click();
    await page.locator('.modal-ux input').fill(await tokenFor('acme'));
    await page.locator('.modal-ux button.authorize').click();
    await page.locator('.modal-ux').getByText('Logout').waitFor(); // authorized
    await page.locator('.modal-ux .btn-done').click();
    expect(await tryIt('get', '/view-dpp-files/{dppId}', { dppId: demo.acme.dpp.id })).toBe('200');
  });

  it('loaded nothing from anywhere but this server', () => {
    expect(elsewhere).toEqual([]);
  });
});
