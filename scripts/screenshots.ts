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
import { chromium, type Route } from 'playwright-core';
import { loadLocalStack } from '../infra/local/index';
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

/**
 * The image route (GET /dpp/{dppId}/images/{imageId}: a redirect to a signed URL) as it answers;
 * where this branch has no such route yet (404), the same redirect to the image's signed URL
 * from the public JSON view, said on the console, so the screenshot shows the image.
 */
async function imageRoute(api: string, route: Route): Promise<void> {
  const url = route.request().url();
  const answer = await fetch(url, { redirect: 'manual' });
  if (answer.status !== 404) return route.continue();
  const [, dppId, imageId] = /\/dpp\/([^/]+)\/images\/([^/?]+)/.exec(url) ?? [];
  const view = (await (await fetch(`${api}/dpp/${dppId}`)).json()) as {
    dpp: { images: Array<{ uuid: string; image: string }> };
  };
  const signed = view.dpp.images.find((image) => image.uuid === imageId)?.image;
  if (!signed) return route.continue();
  console.log(`${url} answered 404 (no image route here): redirected to its signed URL instead`);
  return route.fulfill({ status: 307, headers: { location: signed } });
}

const dir = await mkdtemp(join(tmpdir(), 'dpp-screenshots-'));
const { startLocalStack } = await loadLocalStack();
const stack = await startLocalStack({ port: 0, dir, seed: true, logLevel: 'SILENT' });
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
try {
  const api = stack.apiUrl!;
  for (const { lang, width } of SHOTS) {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width, height: 800 },
      extraHTTPHeaders: { 'accept-language': lang },
    });
    const page = await context.newPage();
    await page.route('**/dpp/*/images/*', (route) => imageRoute(api, route));
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
