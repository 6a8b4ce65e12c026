import { crc32, deflateSync } from 'node:zlib';
import { create } from 'qrcode/lib/core/qrcode.js';

/**
 * A QR code as SVG or PNG, drawn here from the module matrix of `qrcode`'s encoder (its own
 * renderers pull in a PNG library; the matrix is all a data carrier needs). Error correction
 * level M (15 % of the codewords recoverable), the quiet zone of 4 modules that ISO/IEC 18004
 * asks for kept on every side.
 */
export const QUIET_ZONE = 4;

interface Matrix {
  /** Modules per side, quiet zone included. */
  side: number;
  dark: (x: number, y: number) => boolean;
}

export function qrMatrix(text: string): Matrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const side = n + 2 * QUIET_ZONE;
  return {
    side,
    dark: (x, y) => {
      const mx = x - QUIET_ZONE;
      const my = y - QUIET_ZONE;
      return mx >= 0 && my >= 0 && mx < n && my < n && modules.data[my * n + mx] === 1;
    },
  };
}

/**
 * SVG, one path of unit squares on a white background in a viewBox of modules; `width` is the
 * printed or displayed side (`30mm`, `300px`), the symbol scales without loss.
 */
export function qrSvg(text: string, width: string): string {
  const { side, dark } = qrMatrix(text);
  let path = '';
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) if (dark(x, y)) path += `M${x} ${y}h1v1h-1z`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${width}" height="${width}" ` +
    `shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path d="${path}" fill="#000"/></svg>`
  );
}

/**
 * PNG (8-bit grayscale), each module `floor(px / side)` pixels (at least 1), so the image is at
 * most `px` wide; with `dpi`, a pHYs chunk says so, and it prints at its size.
 */
export function qrPng(text: string, px: number, dpi?: number): Buffer {
  const { side, dark } = qrMatrix(text);
  const scale = Math.max(1, Math.floor(px / side));
  const width = side * scale;
  const rows = Buffer.alloc((width + 1) * width, 0xff);
  for (let y = 0; y < width; y++) {
    const row = y * (width + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x++) if (dark(Math.floor(x / scale), Math.floor(y / scale))) rows[row + 1 + x] = 0;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, grayscale, deflate, adaptive filtering, no interlace
  const chunks = [chunk('IHDR', header)];
  if (dpi !== undefined) {
    const perMetre = Math.round(dpi / 0.0254);
    const phys = Buffer.alloc(9);
    phys.writeUInt32BE(perMetre, 0);
    phys.writeUInt32BE(perMetre, 4);
    phys[8] = 1; // the unit is the metre
    chunks.push(chunk('pHYs', phys));
  }
  chunks.push(chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
