import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { digitalLinkPathParam } from '../../../lib/resolver/identifiers';
import { relationOf } from '../../../lib/resolver/link-types';

const GTIN = '08012345000012';

describe('digitalLinkPathParam: the path of a Digital Link URI after /01/', () => {
  it.each([
    [GTIN, { gtin: GTIN }],
    [`${GTIN}/`, { gtin: GTIN }],
    ['8012345000012/21/X1', { gtin: GTIN, serial: 'X1' }],
    [`${GTIN}/10/KL8G`, { gtin: GTIN, lot: 'KL8G' }],
    [`${GTIN}/22/V1/10/L1/21/S1/`, { gtin: GTIN, cpv: 'V1', lot: 'L1', serial: 'S1' }],
    [`${GTIN}/22/V1/21/S1`, { gtin: GTIN, cpv: 'V1', serial: 'S1' }],
  ])('reads %s as its GTIN-14 and key qualifiers', (path, expected) => {
    expect(v.parse(digitalLinkPathParam, path)).toEqual(expected);
  });

  it.each([
    [`${GTIN}/foo`, /pairs/],
    [`${GTIN}/21/S1/foo`, /pairs/],
    [`${GTIN}/21/S1/10/L1`, /order/],
    [`${GTIN}/10/A/10/B`, /twice/],
    [`${GTIN}/17/260101`, /key qualifier of 01/],
    [`${GTIN}//21/S1`, /pairs|qualifier/],
    [`${GTIN}/21/`, /pairs/],
    [`${GTIN}/10/${'L'.repeat(21)}`, /lot \(AI 10\)/],
    [`${GTIN}/21/a%25b`, /serial \(AI 21\)/],
    ['08012345000013/21/S1', /check digit/],
    ['abc', /GTIN/],
    [`${GTIN}//`, /pairs|qualifier/],
  ])('refuses %s, naming the problem', (path, message) => {
    const result = v.safeParse(digitalLinkPathParam, path);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toMatch(message);
  });
});

describe('relationOf: a linkType as the link set keys it', () => {
  it.each([
    ['gs1:pip', 'https://gs1.org/voc/pip'],
    ['https://gs1.org/voc/pip', 'https://gs1.org/voc/pip'],
    ['https://ref.gs1.org/voc/pip', 'https://gs1.org/voc/pip'],
    ['https://www.gs1.org/voc/pip', 'https://gs1.org/voc/pip'],
    ['http://gs1.org/voc/pip', 'https://gs1.org/voc/pip'],
    ['iana:describedby', 'describedby'],
    ['http://www.iana.org/assignments/relation/describedby', 'describedby'],
    ['describedby', 'describedby'],
    ['linkset', 'linkset'],
  ])('%s is %s', (linkType, relation) => {
    expect(relationOf(linkType)).toBe(relation);
  });
});
