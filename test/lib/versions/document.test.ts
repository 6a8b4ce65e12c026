import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DppCardItem, DppFileItem, DppItem } from '../../../lib/dpps/model';
import { accessProfileById } from '../../../lib/profiles/access-catalogue';
import { PROFILES } from '../../../lib/profiles/catalogue';
import { packedProfileById } from '../../../lib/profiles/packed-catalogue';
import {
  canonicalDocument,
  snapshotOf,
  splitByTier,
  tierDocument,
  versionDocument,
} from '../../../lib/versions/document';
import { fullAspects } from '../../support/profiles';

const dpp = {
  id: 'dpp-1',
  company_id: 'acme',
  model_id: 'm',
  name: 'Bike',
  description: 'A bike',
  dpp_type: 'bike',
  language: 'en',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
} as DppItem;
const file = (id: string, access_tier?: string) =>
  ({
    id,
    name: id,
    description: '',
    mime_type: 'application/pdf',
    path: `k/${id}`,
    hash: 'a'.repeat(64),
    access_tier,
  }) as DppFileItem;
const card = (id: string, access_tier?: string) => ({ id, name: id, description: '', access_tier }) as DppCardItem;
const fields = { dppId: 'dpp-1', version: 1, versionId: 'v1', createdAt: '2026-11-02T00:00:00.000Z' };

describe('conformity claims in version documents', () => {
  const claim = {
    id: 'urn:uuid:00000000-0000-4000-8000-000000000001',
    topic: 'environment.emissions' as const,
    conformance: true,
    criteria: [{ id: 'https://criteria.example/1', name: 'One' }],
    evidence: { credential: 'a.b.c', hash: 'b'.repeat(64), issuer: 'did:web:certifier.example' },
  };

  it('hashes a version of a DPP without claims (none stored, or an empty list) exactly as before claims', () => {
    const before = canonicalDocument(versionDocument({ ...fields, snapshot: snapshotOf(dpp, [file('f1')], []) }));
    for (const conformity_claims of [undefined, []]) {
      const snapshot = snapshotOf({ ...dpp, conformity_claims }, [file('f1')], []);
      expect(snapshot).not.toHaveProperty('conformity_claims');
      const { publicSnapshot } = splitByTier(snapshot, accessProfileById);
      expect(canonicalDocument(versionDocument({ ...fields, snapshot: publicSnapshot })).text).toBe(before.text);
    }
  });

  it('freezes the claims in the public document, none in a tier document', () => {
    const snapshot = snapshotOf({ ...dpp, conformity_claims: [claim] }, [file('f1'), file('f2', 'authority')], []);
    const { publicSnapshot, tiers } = splitByTier(snapshot, accessProfileById);
    expect(versionDocument({ ...fields, snapshot: publicSnapshot }).conformity_claims).toEqual([claim]);
    expect(JSON.stringify(tiers)).not.toContain('urn:uuid');
  });
});

describe('version documents by tier', () => {
  it('hashes a version without restricted parts exactly as before tiers (no new field)', () => {
    const snapshot = snapshotOf(dpp, [file('f1'), file('f2', 'public')], [card('c1')]);
    const { publicSnapshot, tiers } = splitByTier(snapshot, accessProfileById);
    expect(tiers).toEqual([]);
    const withTiers = versionDocument({ ...fields, snapshot: publicSnapshot, tiers: {} });
    const before = versionDocument({ ...fields, snapshot });
    expect(withTiers).not.toHaveProperty('tiers');
    expect(canonicalDocument(withTiers).hash).toBe(canonicalDocument(before).hash);
    expect(canonicalDocument(before).text).not.toContain('access_tier');
  });

  it('keeps restricted parts out of the public document, which commits to each tier document’s hash', () => {
    const snapshot = snapshotOf(
      dpp,
      [file('f-public'), file('f-li', 'legitimate_interest')],
      [card('c-auth', 'authority'), card('c-company', 'company')],
    );
    const { publicSnapshot, tiers } = splitByTier(snapshot, accessProfileById);
    expect(tiers.map((t) => t.tier)).toEqual(['legitimate_interest', 'authority', 'company']);
    const docs = tiers.map((t) => canonicalDocument(tierDocument({ ...fields, ...t })));
    const hashes = Object.fromEntries(tiers.map((t, i) => [t.tier, docs[i]!.hash]));
    const publicDoc = canonicalDocument(versionDocument({ ...fields, snapshot: publicSnapshot, tiers: hashes }));
    for (const id of ['f-li', 'c-auth', 'c-company']) expect(publicDoc.text).not.toContain(id);
    expect(JSON.parse(publicDoc.text).tiers).toEqual(hashes);
    expect(createHash('sha256').update(docs[0]!.text).digest('hex')).toBe(hashes.legitimate_interest);
    expect(docs[0]!.text).toContain('f-li');
    expect(docs[0]!.text).not.toContain('access_tier');
  });

  it('salts each tier document, so its hash says nothing of its parts', () => {
    const parts = { tier: 'authority' as const, files: [], cards: [] };
    const a = canonicalDocument(tierDocument({ ...fields, ...parts }));
    const b = canonicalDocument(tierDocument({ ...fields, ...parts }));
    expect(a.hash).not.toBe(b.hash);
    expect(JSON.parse(a.text).salt).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('splitByTier with the packed profiles (the passport API’s versions) and the access indexes (POST /version)', () => {
  it.each(PROFILES.map((profile) => [profile.id, profile] as const))(
    'splits a %s passport holding every attribute alike, so its documents hash alike',
    (_, profile) => {
      const snapshot = snapshotOf(
        {
          ...(dpp as DppItem),
          profile: profile.id,
          category: profile.categories[0]!.id,
          aspects: fullAspects(profile),
        },
        [],
        [],
      );
      const packed = splitByTier(snapshot, packedProfileById);
      expect(packed).toEqual(splitByTier(snapshot, accessProfileById));
      expect(packed.tiers.length).toBeGreaterThan(0);
    },
  );
});
