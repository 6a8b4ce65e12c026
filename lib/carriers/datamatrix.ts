import { type Matrix, withQuietZone } from './raster';

/**
 * Data Matrix ECC 200 (ISO/IEC 16022), square symbols, for a GS1 Digital Link URI: the URI is
 * plain data (GS1 General Specifications: a Digital Link URI in a Data Matrix has no FNC1 in
 * first position). Our own encoder rather than a library's (docs/choices.md, Data carriers):
 * - ASCII encodation, two digits in one codeword (130 + the pair), every other character its
 *   code + 1; a URI is ASCII (non-ASCII is percent-encoded), anything else is refused;
 * - the smallest square symbol that holds the data (10x10 to 132x132), padded (129, then the
 *   253-state randomized pads);
 * - Reed-Solomon error correction over GF(256) with the field polynomial 301 and the generator
 *   of roots α^1…α^n, the codewords of large symbols interleaved in blocks;
 * - the standard placement of codewords in the mapping matrix (ISO/IEC 16022 Annex F), split
 *   into data regions, each framed by its finder (solid left and bottom) and clock track
 *   (alternating top and right).
 */

/** The quiet zone kept around the symbol, in modules (ISO/IEC 16022 asks for at least 1). */
export const DATAMATRIX_QUIET_ZONE = 2;

/** A square ECC 200 symbol: side in modules, data regions per side, data and EC codewords, interleaved blocks. */
export interface SymbolSize {
  side: number;
  regions: number;
  data: number;
  ec: number;
  blocks: number;
}

/** ISO/IEC 16022 Table 7, square symbols up to 132x132 (144x144 has blocks of unequal length; a URI never needs it). */
export const SYMBOL_SIZES: readonly SymbolSize[] = [
  [10, 1, 3, 5, 1],
  [12, 1, 5, 7, 1],
  [14, 1, 8, 10, 1],
  [16, 1, 12, 12, 1],
  [18, 1, 18, 14, 1],
  [20, 1, 22, 18, 1],
  [22, 1, 30, 20, 1],
  [24, 1, 36, 24, 1],
  [26, 1, 44, 28, 1],
  [32, 2, 62, 36, 1],
  [36, 2, 86, 42, 1],
  [40, 2, 114, 48, 1],
  [44, 2, 144, 56, 1],
  [48, 2, 174, 68, 1],
  [52, 2, 204, 84, 2],
  [64, 4, 280, 112, 2],
  [72, 4, 368, 144, 4],
  [80, 4, 456, 192, 4],
  [88, 4, 576, 224, 4],
  [96, 4, 696, 272, 4],
  [104, 4, 816, 336, 6],
  [120, 6, 1050, 408, 6],
  [132, 6, 1304, 496, 8],
].map(([side, regions, data, ec, blocks]) => ({ side, regions, data, ec, blocks }) as SymbolSize);

const isDigit = (c: number) => c >= 48 && c <= 57;

/** ASCII encodation: a digit pair is one codeword (130 + its value), any other ASCII character its code + 1. */
export function asciiCodewords(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) throw new RangeError('a Data Matrix here encodes ASCII only (a URI percent-encodes the rest)');
    const next = text.charCodeAt(i + 1);
    if (isDigit(c) && isDigit(next)) {
      out.push(130 + (c - 48) * 10 + (next - 48));
      i++;
    } else {
      out.push(c + 1);
    }
  }
  return out;
}

/** Fills the symbol's data capacity: the pad 129, then 129 randomized by its 1-based position (the 253-state algorithm). */
export function padCodewords(codewords: readonly number[], capacity: number): number[] {
  const out = [...codewords];
  if (out.length < capacity) out.push(129);
  while (out.length < capacity) {
    const pad = 129 + ((149 * (out.length + 1)) % 253) + 1;
    out.push(pad <= 254 ? pad : pad - 254);
  }
  return out;
}

// GF(256) with the field polynomial x^8 + x^5 + x^3 + x^2 + 1 (301): exponent and logarithm tables.
const EXP: number[] = [];
const LOG: number[] = [];
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  EXP[i + 255] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 301;
}
const mul = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : (EXP[(LOG[a] ?? 0) + (LOG[b] ?? 0)] ?? 0));

/** The generator polynomial (x + α)(x + α²)…(x + αⁿ), highest degree first (its leading 1 included). */
function generator(n: number): number[] {
  let g = [1];
  for (let i = 1; i <= n; i++) {
    const root = EXP[i] ?? 0;
    g = [...g, 0].map((coefficient, j) => coefficient ^ (j > 0 ? mul(g[j - 1] ?? 0, root) : 0));
  }
  return g;
}

/** The `n` Reed-Solomon error-correction codewords of one block of data codewords. */
export function reedSolomon(data: readonly number[], n: number): number[] {
  const g = generator(n);
  let ecc = new Array<number>(n).fill(0);
  for (const d of data) {
    const factor = d ^ (ecc[0] ?? 0);
    ecc = [...ecc.slice(1), 0].map((e, j) => e ^ mul(g[j + 1] ?? 0, factor));
  }
  return ecc;
}

/** Data and error correction, interleaved: block b holds the data codewords i with i mod blocks = b. */
export function withErrorCorrection(data: readonly number[], size: SymbolSize): number[] {
  const all = [...data, ...new Array<number>(size.ec).fill(0)];
  const perBlock = size.ec / size.blocks;
  for (let b = 0; b < size.blocks; b++) {
    const ecc = reedSolomon(
      data.filter((_, i) => i % size.blocks === b),
      perBlock,
    );
    ecc.forEach((e, k) => {
      all[data.length + k * size.blocks + b] = e;
    });
  }
  return all;
}

/**
 * ISO/IEC 16022 Annex F: the codewords' bits in the `n`x`n` mapping matrix (row-major, 1 dark,
 * 0 light), each codeword an 8-module "utah" shape placed along diagonal sweeps, with the four
 * corner shapes and, where the matrix has 4 modules over, the fixed bottom-right pattern.
 */
export function placeCodewords(codewords: readonly number[], n: number): Uint8Array {
  const grid = new Int8Array(n * n).fill(-1);
  const module = (row: number, col: number, cw: number, bit: number) => {
    let r = row;
    let c = col;
    if (r < 0) {
      r += n;
      c += 4 - ((n + 4) % 8);
    }
    if (c < 0) {
      c += n;
      r += 4 - ((n + 4) % 8);
    }
    grid[r * n + c] = ((codewords[cw] ?? 0) >> (8 - bit)) & 1;
  };
  const shape = (cw: number, cells: ReadonlyArray<readonly [number, number]>) => {
    for (const [i, [r, c]] of cells.entries()) module(r, c, cw, i + 1);
  };
  const utah = (r: number, c: number, cw: number) =>
    shape(cw, [
      [r - 2, c - 2],
      [r - 2, c - 1],
      [r - 1, c - 2],
      [r - 1, c - 1],
      [r - 1, c],
      [r, c - 2],
      [r, c - 1],
      [r, c],
    ]);
  const last = n - 1;
  type Cells = ReadonlyArray<readonly [number, number]>;
  const corner1: Cells = [
    [last, 0],
    [last, 1],
    [last, 2],
    [0, last - 1],
    [0, last],
    [1, last],
    [2, last],
    [3, last],
  ];
  const corner2: Cells = [
    [last - 2, 0],
    [last - 1, 0],
    [last, 0],
    [0, last - 3],
    [0, last - 2],
    [0, last - 1],
    [0, last],
    [1, last],
  ];
  const corner3: Cells = [
    [last - 2, 0],
    [last - 1, 0],
    [last, 0],
    [0, last - 1],
    [0, last],
    [1, last],
    [2, last],
    [3, last],
  ];
  const corner4: Cells = [
    [last, 0],
    [last, last],
    [0, last - 2],
    [0, last - 1],
    [0, last],
    [1, last - 2],
    [1, last - 1],
    [1, last],
  ];

  let cw = 0;
  let row = 4;
  let col = 0;
  do {
    if (row === n && col === 0) shape(cw++, corner1);
    if (row === n - 2 && col === 0 && n % 4 !== 0) shape(cw++, corner2);
    if (row === n - 2 && col === 0 && n % 8 === 4) shape(cw++, corner3);
    if (row === n + 4 && col === 2 && n % 8 === 0) shape(cw++, corner4);
    // Up and to the right…
    do {
      if (row < n && col >= 0 && grid[row * n + col] === -1) utah(row, col, cw++);
      row -= 2;
      col += 2;
    } while (row >= 0 && col < n);
    row += 1;
    col += 3;
    // …then down and to the left.
    do {
      if (row >= 0 && col < n && grid[row * n + col] === -1) utah(row, col, cw++);
      row += 2;
      col -= 2;
    } while (row < n && col >= 0);
    row += 3;
    col += 1;
  } while (row < n || col < n);
  if (grid[n * n - 1] === -1) {
    grid[n * n - 1] = 1;
    grid[n * n - n - 2] = 1;
  }
  return Uint8Array.from(grid, (m) => (m === 1 ? 1 : 0));
}

/** The smallest square symbol whose data capacity holds `count` codewords. */
export function symbolSizeFor(count: number): SymbolSize {
  const size = SYMBOL_SIZES.find((s) => s.data >= count);
  if (!size) throw new RangeError(`${count} data codewords do not fit a square Data Matrix up to 132x132`);
  return size;
}

/** The Data Matrix of `text`: its module matrix inside the quiet zone, ready to draw (lib/carriers/raster.ts). */
export function dataMatrix(text: string): Matrix {
  const data = asciiCodewords(text);
  const size = symbolSizeFor(data.length);
  const codewords = withErrorCorrection(padCodewords(data, size.data), size);
  const region = (size.side - 2 * size.regions) / size.regions;
  const n = region * size.regions;
  const grid = placeCodewords(codewords, n);
  const block = region + 2;
  return withQuietZone(size.side, DATAMATRIX_QUIET_ZONE, (x, y) => {
    const bx = x % block;
    const by = y % block;
    if (bx === 0 || by === block - 1) return true; // finder: solid left and bottom
    if (by === 0) return bx % 2 === 0; // clock track: alternating top…
    if (bx === block - 1) return by % 2 === 1; // …and right
    const r = Math.floor(y / block) * region + by - 1;
    const c = Math.floor(x / block) * region + bx - 1;
    return grid[r * n + c] === 1;
  });
}
