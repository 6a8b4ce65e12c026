import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { apiUrl, demo, tokenFor } from '../support/api';
import { BarcodeFormat, decodePng as decode } from '../support/barcodes';
import { checkResponse } from '../support/contract-check';

const X1 = demo.acme.dpp;
const X1_URI = `${apiUrl}/01/08012345000012/21/X1-000123`;

async function qr(dppId: string, query = '', tenant: 'acme' | 'globex' = 'acme') {
  const path = `/dpps/${dppId}/qr${query}`;
  const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${await tokenFor(tenant)}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  let body: unknown = bytes.toString('utf8');
  if (response.headers.get('content-type') === 'application/json') body = JSON.parse(body as string);
  checkResponse('GET', path, response.status, body, response.headers);
  return { status: response.status, headers: response.headers, bytes, body };
}

describe('GET /dpps/{dppId}/qr', () => {
  it('answers a PNG QR code that an independent decoder reads back as exactly the Digital Link URI', async () => {
    const { status, headers, bytes } = await qr(X1.id, '?format=png');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('image/png');
    expect(headers.get('x-digital-link')).toBe(X1_URI);
    expect(decode(bytes, BarcodeFormat.QR_CODE)).toBe(X1_URI);
  });

  it('sizes a print PNG by mm and dpi (30 mm at 300 dpi: at least 354.3 px) and keeps the quiet zone', async () => {
    const { bytes } = await qr(X1.id, '?format=png&mm=30&dpi=300');
    const image = PNG.sync.read(bytes);
    expect(image.width).toBeGreaterThanOrEqual(355);
    expect(image.width).toBeLessThan(420);
    // The quiet zone: the outer rows and columns are white.
    for (let i = 0; i < image.width; i++) {
      expect(image.data[i * 4]).toBe(255);
      expect(image.data[i * image.width * 4]).toBe(255);
    }
    expect(decode(bytes, BarcodeFormat.QR_CODE)).toBe(X1_URI);
  });

  it.each(['qr', 'datamatrix'])(
    'prints a %s at least as wide as asked, and at most one dot per module wider, for a grid of mm and dpi',
    async (symbology) => {
      // The modules per side, quiet zone included: the SVG's viewBox.
      const svg = String((await qr(X1.id, `?symbology=${symbology}`)).body);
      const modules = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
      for (const mm of [10, 20, 37]) {
        for (const dpi of [72, 300, 600]) {
          const at = `${mm} mm at ${dpi} dpi`;
          const { status, bytes } = await qr(X1.id, `?symbology=${symbology}&format=png&mm=${mm}&dpi=${dpi}`);
          expect(status, at).toBe(200);
          const image = PNG.sync.read(bytes);
          // The printed side, from the PNG's own pixels and its pHYs (dots per metre).
          const printed = (image.width / bytes.readUInt32BE(bytes.indexOf('pHYs') + 4)) * 1000;
          expect(printed, at).toBeGreaterThanOrEqual(mm - 0.01);
          // A module is a whole number of dots (at least one), rounded up: never more than one dot per module over.
          expect(image.width % modules, at).toBe(0);
          const dots = image.width / modules;
          if (dots > 1) expect(printed - mm, at).toBeLessThan((modules * 25.4) / dpi);
        }
      }
    },
  );

  it('answers a GS1 DataMatrix on request, as PNG that an independent decoder reads back as exactly the URI', async () => {
    const { status, headers, bytes } = await qr(X1.id, '?symbology=datamatrix&format=png');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('image/png');
    expect(headers.get('x-digital-link')).toBe(X1_URI);
    expect(decode(bytes, BarcodeFormat.DATA_MATRIX)).toBe(X1_URI);
  });

  it('answers each company’s DPP as a DataMatrix of its own URI, sized for print, quiet zone white', async () => {
    const globex = demo.globex.dpp;
    const { headers, bytes } = await qr(globex.id, '?symbology=datamatrix&format=png&mm=20&dpi=300', 'globex');
    const uri = `${apiUrl}/${globex.search_id}`;
    expect(headers.get('x-digital-link')).toBe(uri);
    const image = PNG.sync.read(bytes);
    expect(image.width).toBeGreaterThanOrEqual(237);
    for (let i = 0; i < image.width; i++) {
      expect(image.data[i * 4]).toBe(255);
      expect(image.data[i * image.width * 4]).toBe(255);
    }
    expect(decode(bytes, BarcodeFormat.DATA_MATRIX)).toBe(uri);
  });

  it('answers a DataMatrix as SVG too', async () => {
    const { status, headers, body } = await qr(X1.id, '?symbology=datamatrix&mm=20');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('image/svg+xml');
    expect(body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1" width="20mm"/);
  });

  it('answers SVG by default, sized in mm on request', async () => {
    const { status, headers, body } = await qr(X1.id, '?mm=25');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('image/svg+xml');
    expect(body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1" width="25mm"/);
  });

  it('answers 400 for an unknown format or symbology, or a size out of range', async () => {
    for (const query of ['?format=gif', '?symbology=aztec', '?size=10', '?mm=500', '?dpi=0']) {
      expect((await qr(X1.id, query)).status).toBe(400);
    }
  });

  it('answers 404 for another company’s DPP, as for an unknown one', async () => {
    const foreign = await qr(X1.id, '', 'globex');
    const unknown = await qr('no-such-dpp', '', 'globex');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
  });
});
