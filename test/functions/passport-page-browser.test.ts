import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATTERY_DPP } from '../../lib/api/demo';
import * as keys from '../../lib/data/keys';
import { ItemType } from '../../lib/data/keys';
import { apiUrl, call, demo, fixture, form, json, localEnv, localTable, putTestDpp, tokenFor } from '../support/api';
import { CHROMIUM_ARGS, findChromium, INSTALL_TIMEOUT_MS } from '../support/browser';

/**
 * The passport page in a real headless Chromium (one launch for the file): axe-core finds no
 * violation of WCAG 2.0/2.1 A and AA on the page in two languages and on the 404 page, and at
 * 360 px wide nothing scrolls sideways with JavaScript off (the page needs none).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const X1 = demo.acme.dpp;

let browser: Browser;
/** The reader's: 360 px wide, JavaScript off. */
let context: BrowserContext;
/** axe's: scripts on (axe is one; the page has none) and the page's CSP bypassed, so axe may run. */
let axeContext: BrowserContext;
const elsewhere: string[] = [];

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
  context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  axeContext = await browser.newContext({ bypassCSP: true });
  context.on('request', (request) => {
    if (!request.url().startsWith(apiUrl)) elsewhere.push(request.url());
  });
}, INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
});

interface AxeResults {
  violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown }> }>;
  passes: Array<{ id: string }>;
}

/** axe-core's WCAG 2.0/2.1 A and AA rules on a page, as `id: help (targets)` lines. */
async function violations(path: string, headers: Record<string, string> = {}, width = 1280): Promise<string[]> {
  const page = await axeContext.newPage();
  try {
    await page.setViewportSize({ width, height: 800 });
    await page.setExtraHTTPHeaders(headers);
    await page.goto(`${apiUrl}${path}`);
    await page.evaluate(AXE_SOURCE);
    const results = (await page.evaluate(() =>
      (globalThis as unknown as { axe: { run: (o: object) => Promise<unknown> } }).axe.run({
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      }),
    )) as AxeResults;
    // The rules did run on the page: its contrast and its language were checked and passed.
    expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(['color-contrast', 'html-has-lang']));
    return results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`,
    );
  } finally {
    await page.close();
  }
}

describe('the passport page in a browser', () => {
  it('has no WCAG 2.1 A/AA violation in English', async () => {
    expect(await violations(`/passport/${X1.id}`)).toEqual([]);
  });

  it('has no WCAG 2.1 A/AA violation in Italian', async () => {
    expect(await violations(`/passport/${X1.id}`, { 'accept-language': 'it' })).toEqual([]);
  });

  it('has no WCAG 2.1 A/AA violation on a grant’s page, its restricted parts marked, nor on a dead link’s notice', async () => {
    const token = await tokenFor('acme');
    const dpp = await putTestDpp('axe', { company_id: demo.acme.company.id, model_id: X1.model_id });
    const card = await call('POST', `/dpps/${dpp.id}/cards`, {
      token,
      ...json({ name: 'Cell chemistry', description: 'LFP', access_tier: 'legitimate_interest' }),
    });
    expect(card.status).toBe(200);
    const image = await call('POST', `/dpps/${dpp.id}/images`, {
      token,
      form: form({ access_tier: 'authority' }, { bytes: fixture('sample.png'), name: 'p.png' }),
    });
    expect(image.status).toBe(200);
    const grant = await call('POST', `/dpps/${dpp.id}/access-grants`, {
      token,
      ...json({ tier: 'authority', audience: 'axe.inspector@example.com', expires_in_days: 1 }),
    });
    expect(grant.status).toBe(201);
    const link = new URL(grant.body.link);
    expect(await violations(link.pathname + link.search)).toEqual([]);
    expect(await violations(`/passport/${dpp.id}?access=no-longer-valid`)).toEqual([]);
  }, 90_000);

  it('has no WCAG 2.1 A/AA violation on the EV battery passport at 360 and 1280 px, in English and German', async () => {
    for (const width of [360, 1280])
      for (const lang of ['en', 'de'])
        expect(await violations(`/passport/${BATTERY_DPP}?lang=${lang}`, {}, width), `${lang} at ${width} px`).toEqual(
          [],
        );
  });

  it('has no WCAG 2.1 A/AA violation on the 404 page', async () => {
    expect(await violations('/passport/no-such-passport', { accept: 'text/html' })).toEqual([]);
  });

  it('has no WCAG 2.1 A/AA violation on the invitation page, its button shown by its script', async () => {
    const id = randomUUID().replace(/-/g, '').slice(0, 22);
    const { doc, tableName } = localTable();
    const now = Date.now();
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...keys.invitation(id),
          type: ItemType.Invitation,
          id,
          company_id: demo.acme.company.id,
          email: 'axe.invitee@example.com',
          wallet: `0x${'2'.repeat(40)}`,
          password_hash: 'scrypt$test',
          status: 'PENDING',
          invited_by: demo.acme.admin.id,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + 86_400_000).toISOString(),
          ttl: 0,
        },
      }),
    );
    expect(await violations(`/accept-invitation?invitationId=${id}`)).toEqual([]);
  });

  it('does not scroll sideways at 360 px, with JavaScript off, and loads nothing from another origin but the images’ bucket', async () => {
    const page = await context.newPage();
    try {
      // The EV battery passport's long values (addresses, identifiers) wrap too.
      const battery = await page.goto(`${apiUrl}/passport/${BATTERY_DPP}`);
      expect(battery?.status()).toBe(200);
      const wide = await page.evaluate(() => {
        const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement;
        return root.scrollWidth;
      });
      expect(wide).toBeLessThanOrEqual(360);
      const response = await page.goto(`${apiUrl}/passport/${X1.id}?lang=fr`);
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator('h1').textContent()).toBe(X1.translations.fr!.dpp!.name);
      // Measured through the DevTools protocol, which JavaScript being off does not stop.
      const { scrollWidth, clientWidth } = await page.evaluate(() => {
        const root = (
          globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
        ).document.documentElement;
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
      });
      expect(clientWidth).toBe(360);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      const bucket = new URL(localEnv.S3_ENDPOINT!).host;
      expect(elsewhere.filter((url) => !url.includes(bucket))).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
