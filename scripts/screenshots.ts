/**
 * Screenshots of the passport page (docs/screenshots/), as a reader sees it: the demo passport
 * X1 (cards, files, an image, a notarized version; English with Italian and French
 * translations) at 360 px (a phone) and 1280 px (a laptop), in English and Italian, whole
 * pages. Run it whenever the page changes, and look at the result:
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
import { defined } from '../lib/defined';
import { CHROMIUM_ARGS, findChromium } from '../test/support/browser';

/** The demo passport X1 (infra/local/demo-data.json). */
const X1 = '01a19656-4a8b-7000-8000-000000000011';
const OUT = 'docs/screenshots';
const SHOTS = [
  { lang: 'en', width: 360 },
  { lang: 'en', width: 1280 },
  { lang: 'it', width: 360 },
  { lang: 'it', width: 1280 },
] as const;

const dir = await mkdtemp(join(tmpdir(), 'dpp-screenshots-'));
const { startLocalStack } = await loadLocalStack();
const stack = await startLocalStack({ port: 0, dir, seed: true, logLevel: 'SILENT' });
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
try {
  const api = defined(stack.apiUrl, 'the API address');
  for (const { lang, width } of SHOTS) {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width, height: 800 },
      extraHTTPHeaders: { 'accept-language': lang },
    });
    const page = await context.newPage();
    const response = await page.goto(`${api}/passport/${X1}`, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`the page answered ${response?.status()}`);
    const file = join(OUT, `passport-${lang}-${width}.png`);
    await writeFile(file, await page.screenshot({ fullPage: true }));
    console.log(`wrote ${file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
  await rm(dir, { recursive: true, force: true });
}
