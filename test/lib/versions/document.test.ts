import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DppCardItem, DppFileItem, DppItem } from '../../../lib/dpps/model';
import { canonicalDocument, snapshotOf, versionDocument } from '../../../lib/versions/document';
import type { VersionDocument } from '../../../lib/versions/model';
import { cardItem, dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { PRINCIPAL } from '../../support/unit/tokens';

/** The canonical version document (RFC 8785): what a version freezes, its bytes and its hash. */
const sha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

describe('snapshotOf', () => {
  it('freezes the DPP fields, each file’s current bytes (path and hash) and the cards, nothing else', () => {
    const dpp = dppItem({ code: '08012345678901', search_id: '01/08012345678901/21/X1', version_count: 4 }) as DppItem;
    const file = dppFileItem({ pinned_paths: new Set(['old']), notarized: true }) as unknown as DppFileItem;
    const card = cardItem({ characteristics: [{ id: 'c1', characteristic: '95% cotton', extra: 'x' }] });
    expect(snapshotOf(dpp, [file], [card as unknown as DppCardItem])).toEqual({
      dpp: {
        id: IDS.dpp,
        company_id: PRINCIPAL.companyId,
        model_id: IDS.model,
        template_id: '',
        code: '08012345678901',
        search_id: '01/08012345678901/21/X1',
        name: 'Organic cotton T-shirt',
        description: 'A T-shirt made of organic cotton',
        type: 'apparel',
        language: 'en',
        created_at: dpp.created_at,
        updated_at: dpp.updated_at,
      },
      files: [
        {
          id: IDS.dppFile,
          name: 'Care label',
          description: 'How to wash it',
          type: 'application/pdf',
          path: file.path,
          hash: 'a'.repeat(64),
        },
      ],
      cards: [
        {
          id: IDS.card,
          name: 'Materials',
          description: 'What it is made of',
          characteristics: [{ id: 'c1', characteristic: '95% cotton' }],
        },
      ],
    });
  });

  it('gives a DPP without code, search id or template empty strings, and a card without characteristics none', () => {
    const snapshot = snapshotOf(dppItem() as DppItem, [], [cardItem({ characteristics: undefined }) as DppCardItem]);
    expect([snapshot.dpp.code, snapshot.dpp.search_id, snapshot.dpp.template_id]).toEqual(['', '', '']);
    expect(snapshot.cards[0]?.characteristics).toEqual([]);
  });
});

describe('canonicalDocument', () => {
  const document = (overrides: Partial<VersionDocument> = {}): VersionDocument => ({
    ...versionDocument({
      dppId: 'dpp-1',
      version: 2,
      versionId: 'v2',
      createdAt: '2026-11-21T10:15:30.123Z',
      snapshot: snapshotOf(dppItem({ id: 'dpp-1' }) as DppItem, [], []),
    }),
    ...overrides,
  });

  it('is the RFC 8785 text: keys sorted by code unit, no whitespace, non-ASCII as UTF-8, and its SHA-256', () => {
    const doc = document({ cards: [{ id: 'é', name: 'Größe "L"', description: '€ 10\n', characteristics: [] }] });
    const canonical = canonicalDocument(doc);
    expect(canonical.text.startsWith('{"cards":[{"characteristics":[],"description":"€ 10\\n","id":"é"')).toBe(true);
    expect(canonical.text).toContain(',"format":"dpp-version/1","version":2,"version_id":"v2"}');
    expect(canonical.bytes.equals(Buffer.from(canonical.text, 'utf8'))).toBe(true);
    expect(canonical.hash).toBe(sha256(canonical.text));
  });

  it('does not depend on the order the fields were set in', () => {
    const doc = document();
    const reversed = Object.fromEntries(Object.entries(doc).reverse()) as unknown as VersionDocument;
    expect(canonicalDocument(reversed)).toEqual(canonicalDocument(doc));
  });

  it('changes its hash with any field of the snapshot', () => {
    const base = canonicalDocument(document()).hash;
    expect(canonicalDocument(document({ version: 3 })).hash).not.toBe(base);
    expect(canonicalDocument(document({ version_id: 'other' })).hash).not.toBe(base);
    expect(canonicalDocument(document({ dpp: { ...document().dpp, name: 'Renamed' } })).hash).not.toBe(base);
  });

  it('is what a third party gets by canonicalizing the parsed text again, for any texts in the snapshot', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), (name, characteristic) => {
        const doc = document({
          cards: [{ id: 'card', name, description: '', characteristics: [{ id: 'c', characteristic }] }],
        });
        const { text, hash } = canonicalDocument(doc);
        expect(canonicalize(JSON.parse(text))).toBe(text);
        expect(sha256(text)).toBe(hash);
        expect(JSON.parse(text)).toEqual(doc);
      }),
    );
  });
});
