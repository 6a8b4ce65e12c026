import * as v from 'valibot';
import { getDppQrInput } from '../../dpps/get-dpp-qr';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';

export const getDppQrRoute = defineRoute({
  method: 'GET',
  path: '/dpps/{dppId}/qr',
  fn: 'get-dpp-qr',
  auth: 'jwt',
  access: { table: 'read', links: true },
  input: getDppQrInput,
  errors: { invalid: 400, not_found: 404, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getDppQrDocs = /* @__PURE__ */ describeRoute(getDppQrRoute, () => ({
  tag: 'DPP authoring',
  summary: 'The DPP’s data carrier: a QR code or Data Matrix of its GS1 Digital Link URI, SVG or PNG',
  description:
    'A QR code (ISO/IEC 18004, error correction level M, a quiet zone of 4 modules) that encodes exactly the ' +
    'DPP’s GS1 Digital Link URI on the public base URL (`<PUBLIC_BASE_URL>/01/<gtin14>/21/<serial>`, what ' +
    'the resolver’s `GET /01/{path+}` answers). `format`: `svg` (default, `image/svg+xml`) or `png` (`image/png`). ' +
    '`size`: the side in pixels (64-2400; PNG default 512), or `mm` (10-100) with `dpi` (72-1200, default 300) ' +
    'for print, and the PNG says its dpi (pHYs). A module is a whole number of pixels: with `size` it rounds ' +
    'down, so the PNG fits in the asked side; with `mm` it rounds up, so the symbol is at least `mm` wide (at most ' +
    'one dot per module wider): the X-dimension is `ceil(mm × dpi / 25.4 / modules)` dots, modules counting the ' +
    'quiet zone (a 20 mm QR at 300 dpi of a 41-module symbol: 6 dots, 0.508 mm, 20.83 mm wide). `symbology`: `qr` (default) or `datamatrix`: a Data Matrix ' +
    'ECC 200 (ISO/IEC 16022, the smallest square symbol that holds the URI, a quiet zone of 2 modules) with the ' +
    'URI as plain data, no FNC1, as GS1 asks for a Digital Link URI (docs/choices.md, Data carriers). ' +
    '`X-Digital-Link` names the encoded URI. The company’s own DPPs only.',
  response: v.string(),
  responseHeaders: { 'x-digital-link': 'The GS1 Digital Link URI the symbol encodes' },
  answers: [
    { status: 200, contentType: 'image/svg+xml', description: 'The symbol as SVG' },
    { status: 200, contentType: 'image/png', description: 'The symbol as PNG' },
  ],
  errors: {
    invalid: invalid('`format`, `symbology`, `size`, `mm` or `dpi` is not one the description lists'),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
  },
  example: { params: { dppId: DPP }, status: 200 },
}));
