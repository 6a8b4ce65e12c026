import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrMatrix } from '../../../lib/carriers/qr';
import { pngOf } from '../../../lib/carriers/raster';
import { BarcodeFormat, decodePng } from '../../support/barcodes';

/** Digital Link URIs as the service writes them: a base URL (a port or not), a GTIN-14, a serial of GS1's set 82. */
const digitalLinkUri = fc
  .record({
    host: fc.constantFrom('https://dpp.example.com', 'http://127.0.0.1', 'https://id.acme-products.eu'),
    port: fc.option(fc.integer({ min: 1024, max: 65535 }), { nil: undefined }),
    gtin: fc.stringMatching(/^\d{14}$/),
    serial: fc.stringMatching(/^[A-Za-z0-9!'()*+,.:;=_-]{1,20}$/),
  })
  .map(({ host, port, gtin, serial }) => `${host}${port ? `:${port}` : ''}/01/${gtin}/21/${serial}`);

describe('qrMatrix', () => {
  it('encodes any Digital Link URI so that an independent decoder (ZXing) reads back exactly that URI', () => {
    fc.assert(
      fc.property(digitalLinkUri, (uri) => {
        const matrix = qrMatrix(uri);
        expect(decodePng(pngOf(matrix, matrix.side * 4), BarcodeFormat.QR_CODE)).toBe(uri);
      }),
      { numRuns: 150 },
    );
  });

  it(`keeps a quiet zone of ${QUIET_ZONE} light modules on every side`, () => {
    const { side, dark } = qrMatrix('https://dpp.example.com/01/08012345000012/21/X1-000123');
    for (let i = 0; i < side; i++) {
      for (let q = 0; q < QUIET_ZONE; q++) {
        expect([dark(i, q), dark(q, i), dark(i, side - 1 - q), dark(side - 1 - q, i)]).toEqual([
          false,
          false,
          false,
          false,
        ]);
      }
    }
  });
});
