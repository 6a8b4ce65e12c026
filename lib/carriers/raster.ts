import { crc32, deflateSync } from 'node:zlib';

/**
 * A 2D symbol as a grid of modules, quiet zone included, and its drawing as SVG or PNG: what
 * every data carrier (lib/carriers/qr.ts, datamatrix.ts) shares once its encoder has made the
 * module matrix.
 */
export interface Matrix {
  /** Modules per side, quiet zone included. */
  side: number;
  dark: (x: number, y: number) => boolean;
}

/** A square matrix of `n` modules per side (`dark(x, y)` in symbol coordinates) inside a quiet zone of `quiet` modules. */
export function withQuietZone(n: number, quiet: number, dark: (x: number, y: number) => boolean): Matrix {
  return {
    side: n + 2 * quiet,
    dark: (x, y) => {
      const mx = x - quiet;
      const my = y - quiet;
      return mx >= 0 && my >= 0 && mx < n && my < n && dark(mx, my);
    },
  };
}

/**
 * SVG, one path of unit squares on a white background in a viewBox of modules; `width` is the
 * printed or displayed side (`30mm`, `300px`), the symbol scales without loss.
 */
export function svgOf({ side, dark }: Matrix, width: string): string {
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
 * The pixels of one module (the X-dimension, in pixels) for a symbol of `side` modules drawn
 * `px` pixels wide, at least 1: `within` rounds down, so the image is at most `px` wide (a
 * screen's box); `atLeast` rounds up, so it is at least `px` wide (a print size: a symbol
 * asked at 20 mm is never printed smaller, which could drop its X-dimension under a scanner's
 * or GS1's minimum).
 */
export function modulePixels(side: number, px: number, fit: 'within' | 'atLeast'): number {
  // A side asked in mm is a fraction of pixels; an exact multiple stays one despite float error.
  const modules = px / side;
  const whole = Math.round(modules);
  const scale = Math.abs(modules - whole) < 1e-9 ? whole : fit === 'within' ? Math.floor(modules) : Math.ceil(modules);
  return Math.max(1, scale);
}

/**
 * PNG (8-bit grayscale), each module `modulePixels(side, px, fit)` pixels: at most `px` wide
 * (`within`, the default), or at least (`atLeast`, a print size); with `dpi`, a pHYs chunk says
 * so, and it prints at its size.
 */
export function pngOf({ side, dark }: Matrix, px: number, dpi?: number, fit: 'within' | 'atLeast' = 'within'): Buffer {
  const scale = modulePixels(side, px, fit);
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
