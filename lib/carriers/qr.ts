import { create } from 'qrcode/lib/core/qrcode.js';
import { type Matrix, withQuietZone } from './raster';

/**
 * A QR code's module matrix, from `qrcode`'s encoder (its own renderers pull in a PNG library;
 * the matrix is all a data carrier needs: lib/carriers/raster.ts draws it). Error correction
 * level M (15 % of the codewords recoverable), the quiet zone of 4 modules that ISO/IEC 18004
 * asks for kept on every side.
 */
export const QUIET_ZONE = 4;

export function qrMatrix(text: string): Matrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  return withQuietZone(n, QUIET_ZONE, (x, y) => modules.data[y * n + x] === 1);
}
