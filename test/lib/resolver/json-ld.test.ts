import { describe, expect, it } from 'vitest';
import type { DppLinkItem } from '../../../lib/dpps/link';
import { jsonLd } from '../../../lib/resolver/json-ld';

/** The passport as JSON-LD (lib/resolver/json-ld.ts): the Product's image and manufacturer from the Digital Link entry. */
const entry: DppLinkItem = {
  pk: 'GTIN#08012345000012',
  sk: 'LINK#S-1',
  type: 'DPP_LINK',
  dpp_id: 'dpp-1',
  company_id: 'company-1',
  gtin: '08012345000012',
  serial: 'S-1',
  name: 'Bike',
  description: 'A bike',
  language: 'en',
  published: true,
  version_count: 0,
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('jsonLd', () => {
  it('lists the images’ public addresses, oldest (smallest UUIDv7) first', () => {
    const doc = jsonLd({ ...entry, image_ids: new Set(['01b0-2', '01b0-1']) });
    expect(doc.image).toEqual(['https://dpp.unit/dpp/dpp-1/images/01b0-1', 'https://dpp.unit/dpp/dpp-1/images/01b0-2']);
  });

  it('gives no image without images', () => {
    expect('image' in jsonLd(entry)).toBe(false);
  });

  it('names the manufacturer and its country when the entry holds them, its id always', () => {
    expect(jsonLd({ ...entry, manufacturer: { name: 'Acme', country: 'IT' } }).manufacturer).toEqual({
      '@type': 'Organization',
      identifier: 'company-1',
      name: 'Acme',
      address: { '@type': 'PostalAddress', addressCountry: 'IT' },
    });
    expect(jsonLd(entry).manufacturer).toEqual({ '@type': 'Organization', identifier: 'company-1' });
  });
});
