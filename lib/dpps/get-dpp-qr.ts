import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { dataMatrix } from '../carriers/datamatrix';
import { qrMatrix } from '../carriers/qr';
import { pngOf, svgOf } from '../carriers/raster';
import { digitalLinkUri } from '../links';
import { id, wholeNumberPattern } from '../schemas';
import { identifiersOf } from './link';
import { dppNotFound } from './model';
import { readDpp } from './repository';

/** A whole number from `min` to `max`, written without leading zeros: its pattern is the whole rule (and the document's). */
const whole = (min: number, max: number, what: string) =>
  v.pipe(
    v.string(),
    v.regex(new RegExp(wholeNumberPattern(min, max)), `must be a whole number of ${what} from ${min} to ${max}`),
    v.transform(Number),
  );

export const getDppQrInput = v.object({
  params: v.object({ dppId: id }),
  query: v.object({
    format: v.optional(v.picklist(['svg', 'png'], 'must be svg or png'), 'svg'),
    /** `qr` (default) or `datamatrix` (Data Matrix ECC 200; docs/choices.md, Data carriers). */
    symbology: v.optional(v.picklist(['qr', 'datamatrix'], 'must be qr or datamatrix'), 'qr'),
    /** The side in pixels (PNG), or the displayed side (SVG). */
    size: v.optional(whole(64, 2400, 'pixels')),
    /** The printed side in millimetres, at `dpi` (PNG: the pixels it takes; SVG: its width in mm). */
    mm: v.optional(whole(10, 100, 'millimetres')),
    dpi: v.optional(whole(72, 1200, 'dots per inch')),
  }),
});

/** The side of a PNG when neither `size` nor `mm` says: about 43 mm at 300 dpi. */
const DEFAULT_PX = 512;
const DEFAULT_DPI = 300;

/**
 * GET /dpps/{dppId}/qr: the DPP's data carrier, a QR code (error correction M, quiet zone of 4
 * modules) or on request a Data Matrix ECC 200 (quiet zone of 2 modules), that encodes exactly its
 * GS1 Digital Link URI on the public base URL (in a Data Matrix as plain data, no FNC1). SVG unless
 * `format=png`; `size` in pixels (the image fits in it), or `mm` (and `dpi`, 300 unless said) for
 * print: at least `mm` wide, each module a whole number of dots rounded up (lib/carriers/raster.ts). The owner's only: another company's DPP answers like a
 * missing one. One GetItem.
 */
export async function getDppQr(auth: Principal, { params, query }: v.InferOutput<typeof getDppQrInput>) {
  const dpp = await readDpp(params.dppId);
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  const ids = identifiersOf(dpp.search_id);
  // Every DPP the API creates has an item path; an imported one without it has no carrier.
  if (!ids) throw dppNotFound();
  const uri = digitalLinkUri(ids.gtin, ids.serial);
  const matrix = query.symbology === 'datamatrix' ? dataMatrix(uri) : qrMatrix(uri);
  const dpi = query.dpi ?? DEFAULT_DPI;
  if (query.format === 'svg') {
    const width = query.mm !== undefined ? `${query.mm}mm` : `${query.size ?? DEFAULT_PX}px`;
    return { uri, contentType: 'image/svg+xml', body: svgOf(matrix, width) };
  }
  // A print size is a minimum: the module rounds up to whole dots, so the symbol is at least `mm`
  // wide (at most one dot per module wider); a size in pixels is a box the image fits in.
  if (query.mm !== undefined) {
    return { uri, contentType: 'image/png', body: pngOf(matrix, (query.mm * dpi) / 25.4, dpi, 'atLeast') };
  }
  return { uri, contentType: 'image/png', body: pngOf(matrix, query.size ?? DEFAULT_PX, query.dpi) };
}
