import { describe, expect, it } from 'vitest';
import { dataMatrix } from '../../../lib/carriers/datamatrix';
import { qrMatrix } from '../../../lib/carriers/qr';
import { modulePixels, pngOf } from '../../../lib/carriers/raster';

const URI = 'https://id.example.com/01/08012345000012/21/X1-000123';

/** The width in pixels (IHDR) and the dots per metre (pHYs) of a PNG. */
const dimensions = (png: Buffer) => ({
  width: png.readUInt32BE(16),
  perMetre: png.readUInt32BE(png.indexOf('pHYs') + 4),
});

describe('print sizes', () => {
  it.each([
    ['qr', qrMatrix(URI)],
    ['datamatrix', dataMatrix(URI)],
  ] as const)('a %s asked in mm is at least that wide, and at most one dot per module wider', (_, matrix) => {
    for (const mm of [10, 12, 15, 18, 20, 25, 30, 37, 45, 50]) {
      for (const dpi of [72, 150, 203, 300, 600]) {
        const at = `${mm} mm at ${dpi} dpi`;
        const { width, perMetre } = dimensions(pngOf(matrix, (mm * dpi) / 25.4, dpi, 'atLeast'));
        const printed = (width / perMetre) * 1000;
        expect(printed, at).toBeGreaterThanOrEqual(mm - 0.01);
        const dots = width / matrix.side;
        expect(Number.isInteger(dots), at).toBe(true);
        if (dots > 1) expect(printed - mm, at).toBeLessThan((matrix.side * 25.4) / dpi);
      }
    }
  });

  it('a size in pixels is a box the image fits in', () => {
    const matrix = qrMatrix(URI);
    for (const px of [64, 100, 236, 512, 1000]) {
      expect(dimensions(pngOf(matrix, px, 300)).width).toBeLessThanOrEqual(Math.max(px, matrix.side));
    }
  });

  it('rounds a module up or down, but never an exact multiple off by float error', () => {
    expect(modulePixels(41, 246.3, 'atLeast')).toBe(7);
    expect(modulePixels(41, 246.3, 'within')).toBe(6);
    expect(modulePixels(40, (25.4 * 400) / 25.4, 'atLeast')).toBe(10);
    expect(modulePixels(41, 10, 'within')).toBe(1);
  });
});
