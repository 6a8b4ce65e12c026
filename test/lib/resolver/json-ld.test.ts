import { describe, expect, it } from 'vitest';
import { GRANULARITY_CODES, HASH_METHOD_CODES, UNTP_CORE, UNTP_DPP } from '../../../lib/credentials/untp';
import type { DppLinkItem } from '../../../lib/dpps/link';
import { jsonLd } from '../../../lib/resolver/json-ld';
import { documentLoader, toQuads, vocabularyOf } from '../../support/json-ld';

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

  it('expands offline with no term dropped: the item an IndividualProduct with its passport, UNTP’s terms under their namespaces, codes as code-list IRIs', async () => {
    const latest = { version: 3, hash: 'ab'.repeat(32), created_at: '2026-01-02T00:00:00.000Z' };
    const doc = jsonLd({
      ...entry,
      version_count: 3,
      latest_version: latest,
      manufacturer: { name: 'Acme', country: 'IT' },
    });
    const offline = documentLoader(() => undefined);
    const quads = await toQuads(doc, offline);
    const vocabulary = vocabularyOf(quads);
    for (const iri of vocabulary) {
      expect(
        ['http://www.w3.org/1999/02/22-rdf-syntax-ns#', 'https://schema.org/', UNTP_CORE, UNTP_DPP].some((ns) =>
          iri.startsWith(ns),
        ),
        iri,
      ).toBe(true);
    }
    expect([...vocabulary].filter((iri) => iri.startsWith(UNTP_DPP)).sort()).toEqual([
      `${UNTP_DPP}DigitalProductPassport`,
      `${UNTP_DPP}granularityLevel`,
    ]);
    for (const term of ['SecureLink', 'linkURL', 'hashDigest', 'hashMethod'])
      expect(vocabulary).toContain(`${UNTP_CORE}${term}`);
    const all = quads.join('\n');
    const item = '<https://dpp.unit/01/08012345000012/21/S-1>';
    expect(all).toContain(
      `${item} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://schema.org/IndividualProduct>`,
    );
    expect(all).toContain(`${item} <https://schema.org/hasDigitalProductPassport> <https://dpp.unit/dpp/dpp-1>`);
    expect(all).toContain(`<${UNTP_DPP}granularityLevel> <${GRANULARITY_CODES}item>`);
    expect(all).toContain(`<${UNTP_CORE}hashMethod> <${HASH_METHOD_CODES}SHA-256>`);
    expect(all).toContain(`<${UNTP_CORE}hashDigest> "${latest.hash}"`);
  });
});
