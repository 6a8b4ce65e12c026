/**
 * Screenshots of the passport page (docs/screenshots/), as a reader sees it: the demo passport
 * X1 (cards, files, an image, a notarized version; English with Italian and French
 * translations) at 360 px (a phone) and 1280 px (a laptop), in English and Italian, and Volta's
 * EV battery passport (a profiled passport's aspects) at 1280 px in English and 360 px in German,
 * whole pages. Run it whenever the page changes, and look at the result:
 *
 *   npm run screenshots
 *
 * It starts the local stack in this process (random ports, demo data, nothing kept) and a
 * headless Chromium (test/support/browser.ts finds one), with JavaScript off, as the page needs none.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { loadLocalStack } from '../infra/local/index';
import { BATTERY_DPP } from '../lib/api/demo';
import { defined } from '../lib/defined';
import { CHROMIUM_ARGS, findChromium } from '../test/support/browser';

/** The demo passport X1 (infra/local/demo-data.json). */
const X1 = '01a19656-4a8b-7000-8000-000000000011';
const OUT = 'docs/screenshots';
const SHOTS = [
  { lang: 'en', width: 360, dpp: X1, name: 'passport' },
  { lang: 'en', width: 1280, dpp: X1, name: 'passport' },
  { lang: 'it', width: 360, dpp: X1, name: 'passport' },
  { lang: 'it', width: 1280, dpp: X1, name: 'passport' },
  // Volta's complete EV battery passport (docs/profiles.md): its aspects, read anonymously.
  { lang: 'en', width: 1280, dpp: BATTERY_DPP, name: 'battery-passport' },
  { lang: 'de', width: 360, dpp: BATTERY_DPP, name: 'battery-passport' },
] as const;

const dir = await mkdtemp(join(tmpdir(), 'dpp-screenshots-'));
const { startLocalStack } = await loadLocalStack();
const stack = await startLocalStack({ port: 0, dir, seed: true, logLevel: 'SILENT' });
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
try {
  const api = defined(stack.apiUrl, 'the API address');
  for (const { lang, width, dpp, name } of SHOTS) {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width, height: 800 },
      extraHTTPHeaders: { 'accept-language': lang },
    });
    const page = await context.newPage();
    const response = await page.goto(`${api}/passport/${dpp}`, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`the page answered ${response?.status()}`);
    const file = join(OUT, `${name}-${lang}-${width}.png`);
    await writeFile(file, await page.screenshot({ fullPage: true }));
    console.log(`wrote ${file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
  await rm(dir, { recursive: true, force: true });
}
