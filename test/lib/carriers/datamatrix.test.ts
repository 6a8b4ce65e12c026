import { describe, expect, it } from 'vitest';
import {
  asciiCodewords,
  DATAMATRIX_QUIET_ZONE,
  dataMatrix,
  padCodewords,
  placeCodewords,
  reedSolomon,
  SYMBOL_SIZES,
  symbolSizeFor,
  withErrorCorrection,
} from '../../../lib/carriers/datamatrix';
import { pngOf } from '../../../lib/carriers/raster';
import { BarcodeFormat, decodePng } from '../../support/barcodes';

/**
 * The Data Matrix ECC 200 encoder (lib/carriers/datamatrix.ts): its pieces against the standard's
 * worked example and rules, and whole symbols of every supported size read back by ZXing, an
 * independent decoder.
 */

const decode = (png: Buffer): string => decodePng(png, BarcodeFormat.DATA_MATRIX);

describe('ASCII encodation', () => {
  it('packs a digit pair into one codeword (130 + its value), as the standard’s "123456" example: 142 164 186', () => {
    expect(asciiCodewords('123456')).toEqual([142, 164, 186]);
  });

  it('encodes any other ASCII character as its code + 1, a lone digit included', () => {
    expect(asciiCodewords('A1/b')).toEqual([66, 50, 48, 99]);
    expect(asciiCodewords('12a3')).toEqual([142, 98, 52]);
  });

  it('refuses a character beyond ASCII (a URI percent-encodes it)', () => {
    expect(() => asciiCodewords('café')).toThrow(RangeError);
  });
});

describe('padding', () => {
  it('pads with 129 first, then with the 253-state randomized pad of each position', () => {
    // Position 5: 149·5 = 745 ≡ 239 (mod 253); 129 + 239 + 1 = 369 > 254, so 369 − 254 = 115.
    // Position 6: 149·6 = 894 ≡ 135; 129 + 135 + 1 = 265 − 254 = 11.
    expect(padCodewords([1, 2, 3], 6)).toEqual([1, 2, 3, 129, 115, 11]);
    expect(padCodewords([1, 2, 3], 3)).toEqual([1, 2, 3]);
  });
});

describe('Reed-Solomon error correction (GF(256), polynomial 301)', () => {
  it('gives the standard’s example: data 142 164 186 (10x10) → 114 25 5 88 102', () => {
    expect(reedSolomon([142, 164, 186], 5)).toEqual([114, 25, 5, 88, 102]);
  });

  it('interleaves the blocks of a large symbol: block b holds the data codewords i with i mod blocks = b', () => {
    const size = symbolSizeFor(205); // 64x64: 2 blocks of 140 data and 56 EC codewords
    expect(size).toMatchObject({ side: 64, blocks: 2 });
    const data = Array.from({ length: size.data }, (_, i) => (i * 7) % 254);
    const all = withErrorCorrection(data, size);
    const even = reedSolomon(
      data.filter((_, i) => i % 2 === 0),
      56,
    );
    const odd = reedSolomon(
      data.filter((_, i) => i % 2 === 1),
      56,
    );
    expect(all.slice(0, size.data)).toEqual(data);
    expect(all.slice(size.data).filter((_, k) => k % 2 === 0)).toEqual(even);
    expect(all.slice(size.data).filter((_, k) => k % 2 === 1)).toEqual(odd);
  });
});

describe('symbol', () => {
  it('chooses the smallest square symbol that holds the data, and refuses data over 132x132', () => {
    expect(symbolSizeFor(3).side).toBe(10);
    expect(symbolSizeFor(4).side).toBe(12);
    expect(symbolSizeFor(45).side).toBe(32);
    expect(() => symbolSizeFor(1305)).toThrow(RangeError);
  });

  it('sets the fixed bottom-right pattern where the mapping matrix has 4 modules over (12x12: a 10x10 matrix)', () => {
    const grid = placeCodewords(new Array(12).fill(0), 10);
    expect([grid[88], grid[89], grid[98], grid[99]]).toEqual([1, 0, 0, 1]);
  });

  it('frames the data with the finder (solid left and bottom) and the clock track (alternating top and right) inside the quiet zone', () => {
    const { side, dark } = dataMatrix('123456');
    const q = DATAMATRIX_QUIET_ZONE;
    expect(side).toBe(10 + 2 * q);
    for (let i = 0; i < 10; i++) {
      expect(dark(q, q + i)).toBe(true); // left
      expect(dark(q + i, q + 9)).toBe(true); // bottom
      expect(dark(q + i, q)).toBe(i % 2 === 0); // top
      expect(dark(q + 9, q + i)).toBe(i % 2 === 1); // right
    }
    for (let i = 0; i < side; i++) {
      for (let k = 0; k < q; k++) {
        expect([dark(i, k), dark(k, i), dark(i, side - 1 - k), dark(side - 1 - k, i)]).toEqual([
          false,
          false,
          false,
          false,
        ]);
      }
    }
  });

  it.each(SYMBOL_SIZES.map((s) => [`${s.side}x${s.side}`, s.data] as const))(
    'fills a %s symbol to capacity and ZXing reads it back exactly',
    (_, capacity) => {
      const text = Array.from({ length: capacity }, (_, i) => String.fromCharCode(33 + ((i * 13) % 94))).join('');
      const matrix = dataMatrix(text);
      expect(matrix.side).toBe(SYMBOL_SIZES.find((s) => s.data === capacity)!.side + 2 * DATAMATRIX_QUIET_ZONE);
      expect(decode(pngOf(matrix, matrix.side * 4))).toBe(text);
    },
  );

  it.each([
    'https://dpp.example.com/01/08012345000012/21/X1-000123',
    'http://127.0.0.1:3000/01/04006381333931/21/ABC%2F1',
    'https://id.gs1.org/01/09506000134352/21/12345678901234567890',
  ])('encodes the Digital Link URI %s as plain data that ZXing reads back exactly', (uri) => {
    const matrix = dataMatrix(uri);
    expect(decode(pngOf(matrix, 400))).toBe(uri);
  });
});
