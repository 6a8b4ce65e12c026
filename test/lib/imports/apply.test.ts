import { describe, expect, it } from 'vitest';
import { ProductsSeen } from '../../../lib/imports/apply';

describe('the products a run has seen in its file (DUPLICATE_IN_FILE)', () => {
  it('tells products apart by GTIN and serial, and a product without a serial by its GTIN alone', () => {
    const seen = new ProductsSeen();
    seen.add('08012345999934', 'SN-0000000000000001');
    seen.add('08012345999941', undefined);
    expect(seen.has('08012345999934', 'SN-0000000000000001')).toBe(true);
    expect(seen.has('08012345999934', 'SN-0000000000000002')).toBe(false);
    expect(seen.has('08012345999934', undefined)).toBe(false);
    expect(seen.has('08012345999941', undefined)).toBe(true);
    expect(seen.has('08012345999941', 'SN-0000000000000001')).toBe(false);
  });
});
