import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { commodityCode, economicOperatorId, facilityId, isEori, isGln, isLei } from '../../lib/identifiers';

describe('identifiers for the EU registry', () => {
  it('takes an LEI only with its ISO 7064 check digits right', () => {
    expect(isLei('5299000J2N45DDNE4Y28')).toBe(true);
    // GLEIF's own LEI.
    expect(isLei('506700GE1G29325QX363')).toBe(true);
    expect(isLei('5299000J2N45DDNE4Y29')).toBe(false);
    expect(isLei('5299000J2N45DDNE4Y2')).toBe(false);
  });

  it('takes an EORI number: a country code and 1-15 letters or digits', () => {
    expect(isEori('IT11111110018')).toBe(true);
    expect(isEori('DE123456789012345')).toBe(true);
    expect(isEori('DE1234567890123456')).toBe(false);
    expect(isEori('1T123')).toBe(false);
  });

  it('takes either for an economic operator id, raised to capitals, and refuses the rest', () => {
    expect(v.parse(economicOperatorId, ' it11111110018 ')).toBe('IT11111110018');
    expect(v.parse(economicOperatorId, '5299000j2n45ddne4y28')).toBe('5299000J2N45DDNE4Y28');
    expect(v.safeParse(economicOperatorId, '5299000J2N45DDNE4Y29').success).toBe(false);
    expect(v.safeParse(economicOperatorId, 'IT-111').success).toBe(false);
  });

  it('takes a GLN with its GS1 check digit, and a commodity code of 4 to 10 digits', () => {
    expect(isGln('8012345000104')).toBe(true);
    expect(isGln('8012345000105')).toBe(false);
    expect(v.safeParse(facilityId, '4006381000017').success).toBe(true);
    expect(v.safeParse(commodityCode, '8711').success).toBe(true);
    expect(v.safeParse(commodityCode, '8711601000').success).toBe(true);
    expect(v.safeParse(commodityCode, '871').success).toBe(false);
    expect(v.safeParse(commodityCode, '87116010001').success).toBe(false);
  });
});
