/**
 * The demo passports' pictures (infra/local/fixtures/demo/*.png): drawings in SVG below,
 * rasterized to PNG by a headless Chromium (test/support/browser.ts finds one), committed as
 * fixtures. A PNG because it is what the image routes accept everywhere (an SVG upload is
 * refused: lib/dpp-images), and it looks the same in every browser. Run it when a drawing
 * changes, look at the PNGs, then `npm run screenshots`:
 *
 *   npm run demo-images
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../test/support/browser';

const OUT = 'infra/local/fixtures/demo';
/** Twice the page's 288 px column, 4:3: sharp on a phone's screen, small as a flat-coloured PNG. */
const WIDTH = 640;
const HEIGHT = 480;

const INK = '#1f2933';
const GREY = '#52606d';

/** A wheel at (cx, cy): tyre, rim, hub and spokes. */
function wheel(cx: number, cy: number, r: number): string {
  const spokes = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * (r - 10)).toFixed(1)}" y2="${(cy + Math.sin(a) * (r - 10)).toFixed(1)}"/>`;
  }).join('');
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${INK}" stroke-width="12"/>
  <circle cx="${cx}" cy="${cy}" r="${r - 9}" fill="none" stroke="#9aa5b1" stroke-width="3"/>
  <g stroke="#9aa5b1" stroke-width="2">${spokes}</g>
  <circle cx="${cx}" cy="${cy}" r="9" fill="${GREY}"/>`;
}

/** A soft backdrop with a floor line, the same for every picture. */
const backdrop = (from: string, to: string) => `
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <ellipse cx="${WIDTH / 2}" cy="${HEIGHT - 62}" rx="270" ry="14" fill="#000" opacity="0.08"/>`;

/** The urban e-bike X1: a step-through aluminium frame, a removable battery on the down tube. */
const ebike = (frame: string) => `
  ${backdrop('#e6f4ea', '#f8fbf9')}
  ${wheel(170, 330, 92)}
  ${wheel(480, 330, 92)}
  <g fill="none" stroke="${frame}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round">
    <path d="M170 330 L300 330 L255 190"/>
    <path d="M300 330 L420 200 L480 330"/>
    <path d="M170 330 L255 190"/>
    <path d="M255 190 Q330 250 300 330"/>
  </g>
  <rect x="262" y="222" width="30" height="86" rx="8" transform="rotate(-37 277 265)" fill="${INK}"/>
  <rect x="268" y="236" width="18" height="10" rx="2" transform="rotate(-37 277 265)" fill="#3ebd93"/>
  <path d="M420 200 L410 150" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>
  <path d="M386 146 L444 146" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>
  <path d="M255 190 L248 160" stroke="${INK}" stroke-width="10" stroke-linecap="round"/>
  <path d="M216 154 Q246 140 280 154 Z" fill="${INK}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
  <circle cx="300" cy="330" r="22" fill="${GREY}"/>
  <circle cx="300" cy="330" r="10" fill="${INK}"/>
  <rect x="432" y="168" width="26" height="14" rx="4" fill="#f0b429"/>`;

/** The cargo e-bike C2: a long front with a loading box, a small front wheel. */
const cargo = `
  ${backdrop('#e3f1fb', '#f7fbfe')}
  ${wheel(500, 335, 88)}
  ${wheel(140, 355, 68)}
  <rect x="88" y="212" width="196" height="104" rx="10" fill="#c99a5b" stroke="#8d6a3b" stroke-width="6"/>
  <path d="M100 246 H272 M100 280 H272" stroke="#8d6a3b" stroke-width="4"/>
  <g fill="none" stroke="#2680c2" stroke-width="16" stroke-linecap="round" stroke-linejoin="round">
    <path d="M140 355 L300 335 L380 335 L500 335"/>
    <path d="M380 335 L420 215 L500 335"/>
    <path d="M300 335 L310 200"/>
  </g>
  <rect x="390" y="250" width="28" height="74" rx="7" transform="rotate(18 404 287)" fill="${INK}"/>
  <path d="M310 200 L300 160" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>
  <path d="M276 156 L334 156" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>
  <path d="M420 215 L414 186" stroke="${INK}" stroke-width="10" stroke-linecap="round"/>
  <path d="M384 180 Q414 166 448 180 Z" fill="${INK}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>
  <circle cx="380" cy="335" r="20" fill="${GREY}"/>`;

/** The organic cotton T-shirt. */
const tshirt = `
  ${backdrop('#fdf3e7', '#fffaf4')}
  <path d="M240 96 Q320 140 400 96 L512 150 L470 236 L430 214 L430 410 L210 410 L210 214 L170 236 L128 150 Z"
    fill="#f5f0e6" stroke="#8d7b68" stroke-width="8" stroke-linejoin="round"/>
  <path d="M240 96 Q320 150 400 96" fill="none" stroke="#8d7b68" stroke-width="8"/>
  <path d="M290 250 q30 -46 60 0 q-30 40 -60 0 Z" fill="#57ae5b"/>
  <path d="M320 262 V300" stroke="#2f8132" stroke-width="5" stroke-linecap="round"/>`;

/** The 36 V 14 Ah Li-ion battery pack. */
const battery = `
  ${backdrop('#eef0f8', '#fafbfd')}
  <rect x="150" y="130" width="340" height="250" rx="28" fill="${INK}"/>
  <rect x="214" y="100" width="60" height="36" rx="6" fill="${GREY}"/>
  <rect x="366" y="100" width="60" height="36" rx="6" fill="${GREY}"/>
  <g fill="#3ebd93">${Array.from({ length: 5 }, (_, i) => `<rect x="${188 + i * 56}" y="300" width="40" height="52" rx="6"/>`).join('')}</g>
  <path d="M332 168 L292 238 H326 L304 290 L354 214 H320 Z" fill="#f0b429"/>
  <text x="320" y="460" text-anchor="middle" font-family="sans-serif" font-size="30" font-weight="700" fill="${GREY}">36 V · 14 Ah</text>`;

const PICTURES: Record<string, string> = {
  'e-bike-x1': ebike('#2f8132'),
  'cargo-e-bike-c2': cargo,
  'sample-e-bike': ebike('#7b61a8'),
  'organic-cotton-t-shirt': tshirt,
  'battery-pack': battery,
};

const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  for (const [name, drawing] of Object.entries(PICTURES)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${drawing}</svg>`;
    await page.setContent(`<!doctype html><style>html,body{margin:0}</style>${svg}`);
    const file = join(OUT, `${name}.png`);
    await writeFile(file, await page.screenshot({ clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } }));
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
