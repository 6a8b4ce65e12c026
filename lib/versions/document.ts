import { createHash, randomBytes } from 'node:crypto';
import canonicalize from 'canonicalize';
import { RESTRICTED_TIERS, type RestrictedTier, tierOf } from '../access-tiers/tiers';
import { bucket } from '../aws/s3';
import type { DppCardItem, DppFileItem, DppItem } from '../dpps/model';
import { filterAspects } from '../profiles/filter';
import type { ProfileLookup } from '../profiles/format';
import type { CardSnapshot, DppVersionItem, FileSnapshot, TierDocument, VersionDocument } from './model';

/**
 * The canonical version document (docs/spec/decisions.md, Versions and notarization): the snapshot a
 * version froze, serialized with the JSON Canonicalization Scheme (RFC 8785, the
 * `canonicalize` package), so anyone who fetches the document (its public `uri`) can hash
 * its bytes and compare with the version's `content_hash`, the `dpp_hash` a notarization
 * anchors. The bytes are written once, to a key of their own, and never changed.
 */
export const VERSION_DOCUMENT_FORMAT = 'dpp-version/1';

export type VersionSnapshot = DppVersionItem['snapshot'];

/** What a version freezes of a DPP: its fields, its files (their current bytes' key and hash) and its cards. */
export function snapshotOf(
  dpp: DppItem,
  files: readonly DppFileItem[],
  cards: readonly DppCardItem[],
): VersionSnapshot {
  return {
    dpp: {
      id: dpp.id,
      company_id: dpp.company_id,
      model_id: dpp.model_id,
      template_id: dpp.template_id ?? '',
      code: dpp.code ?? '',
      search_id: dpp.search_id ?? '',
      name: dpp.name,
      description: dpp.description,
      type: dpp.dpp_type,
      language: dpp.language,
      created_at: dpp.created_at,
      updated_at: dpp.updated_at,
    },
    files: files.map((file) => ({
      id: file.id,
      name: file.name,
      description: file.description,
      type: file.mime_type,
      path: file.path,
      hash: file.hash,
      ...restricted(file),
    })),
    cards: cards.map((card) => ({
      id: card.id,
      name: card.name,
      description: card.description,
      characteristics: (card.characteristics ?? []).map(({ id, characteristic }) => ({ id, characteristic })),
      ...restricted(card),
    })),
    ...(dpp.profile !== undefined && {
      profiled: {
        profile: dpp.profile,
        ...(dpp.category !== undefined && { category: dpp.category }),
        aspects: dpp.aspects ?? {},
      },
    }),
    // Absent without claims: the document is then byte for byte what it was before claims existed.
    ...(dpp.conformity_claims !== undefined &&
      dpp.conformity_claims.length > 0 && { conformity_claims: dpp.conformity_claims }),
  };
}

/** A part's tier as the snapshot keeps it: only a restricted one has the attribute. */
function restricted(part: { access_tier?: string }): { access_tier?: RestrictedTier } {
  const tier = tierOf(part as { access_tier?: RestrictedTier });
  return tier === 'public' ? {} : { access_tier: tier };
}

/** A snapshot's part without its tier: the documents say the tier by where a part is. */
const untiered = <T extends { access_tier?: RestrictedTier }>({
  access_tier: _tier,
  ...part
}: T): Omit<T, 'access_tier'> => part;

/**
 * A profiled snapshot's aspects with only the attributes of exactly `tier` (docs/profiles.md): a
 * version's public document holds the public ones, each tier document its own tier's, so what the
 * public document's hash anchors is what was public at that date. A field no attribute holds is
 * in no document (the version item keeps the stored aspects whole, for the company).
 */
function aspectsOfTier(
  snapshot: VersionSnapshot,
  tier: string,
  profiles: ProfileLookup,
): Record<string, Record<string, unknown>> {
  const profile = snapshot.profiled && profiles(snapshot.profiled.profile);
  return profile ? filterAspects(profile, snapshot.profiled?.aspects, { only: tier }) : {};
}

/**
 * A snapshot split by tier (docs/choices.md, Access tiers): the public snapshot (what the public
 * document holds) and, for each restricted tier with parts, its files, cards and attributes. The
 * profiles are the access indexes (lib/profiles/access-catalogue.ts) or the packed catalogue
 * (lib/profiles/packed-catalogue.ts): both keep every field the filter reads, so both split alike
 * (test/lib/versions/document.test.ts).
 */
export function splitByTier(
  snapshot: VersionSnapshot,
  profiles: ProfileLookup,
): {
  publicSnapshot: VersionSnapshot;
  tiers: Array<{
    tier: RestrictedTier;
    files: FileSnapshot[];
    cards: CardSnapshot[];
    aspects?: Record<string, Record<string, unknown>>;
  }>;
} {
  const ofTier = <T extends { access_tier?: RestrictedTier }>(parts: T[], tier: RestrictedTier | undefined) =>
    parts.filter((part) => part.access_tier === tier).map(untiered) as T[];
  return {
    publicSnapshot: {
      dpp: snapshot.dpp,
      files: ofTier(snapshot.files, undefined),
      cards: ofTier(snapshot.cards, undefined),
      ...(snapshot.profiled && {
        profiled: { ...snapshot.profiled, aspects: aspectsOfTier(snapshot, 'public', profiles) },
      }),
      // Claims are public: the company states them to everyone.
      ...(snapshot.conformity_claims && { conformity_claims: snapshot.conformity_claims }),
    },
    tiers: RESTRICTED_TIERS.map((tier) => {
      const aspects = aspectsOfTier(snapshot, tier, profiles);
      return {
        tier,
        files: ofTier(snapshot.files, tier),
        cards: ofTier(snapshot.cards, tier),
        ...(Object.keys(aspects).length > 0 && { aspects }),
      };
    }).filter((t) => t.files.length + t.cards.length > 0 || t.aspects !== undefined),
  };
}

/** The tier document of one restricted tier of a version, with a fresh random salt. */
export function tierDocument(fields: {
  dppId: string;
  version: number;
  versionId: string;
  tier: RestrictedTier;
  files: FileSnapshot[];
  cards: CardSnapshot[];
  aspects?: Record<string, Record<string, unknown>>;
}): TierDocument {
  return {
    format: 'dpp-version-tier/1',
    dpp_id: fields.dppId,
    version: fields.version,
    version_id: fields.versionId,
    tier: fields.tier,
    salt: randomBytes(16).toString('hex'),
    files: fields.files,
    cards: fields.cards,
    ...(fields.aspects && { aspects: fields.aspects }),
  };
}

export function versionDocument(fields: {
  dppId: string;
  version: number;
  versionId: string;
  createdAt: string;
  snapshot: VersionSnapshot;
  /** The SHA-256 of each tier document; none (or empty): no `tiers` field, the document as before tiers. */
  tiers?: Partial<Record<RestrictedTier, string>>;
}): VersionDocument {
  return {
    format: VERSION_DOCUMENT_FORMAT,
    dpp_id: fields.dppId,
    version: fields.version,
    version_id: fields.versionId,
    created_at: fields.createdAt,
    ...fields.snapshot,
    ...(fields.tiers && Object.keys(fields.tiers).length > 0 && { tiers: fields.tiers }),
  };
}

export interface CanonicalDocument {
  /** The RFC 8785 serialization. */
  text: string;
  /** Its UTF-8 bytes: what is stored and served. */
  bytes: Buffer;
  /** Hex SHA-256 of `bytes`: the version's content hash. */
  hash: string;
}

export function canonicalDocument(document: VersionDocument | TierDocument): CanonicalDocument {
  const text = canonicalize(document);
  if (text === undefined) throw new Error('a version document must serialize to JSON');
  const bytes = Buffer.from(text, 'utf8');
  return { text, bytes, hash: createHash('sha256').update(bytes).digest('hex') };
}

/** Writes the document to its own key (one per attempt: a lost race never overwrites a winner's). */
export async function storeVersionDocument(path: string, document: CanonicalDocument): Promise<void> {
  await bucket.put(path, document.bytes, 'application/json', { sha256: document.hash });
}

/** The stored document's exact text, or undefined when the object is missing. */
export const readVersionDocument = (path: string): Promise<string | undefined> => bucket.getText(path);

/**
 * A version's stored document, checked against its content hash before anyone is served it: a
 * missing or changed object is a server fault (500), never a document that does not match.
 */
export async function readCheckedVersionDocument(version: DppVersionItem): Promise<string> {
  const text = await readVersionDocument(version.document_path);
  if (text === undefined)
    throw new Error(`the document of version ${version.version} of DPP ${version.dpp_id} is missing`);
  if (createHash('sha256').update(text, 'utf8').digest('hex') !== version.content_hash) {
    throw new Error(`the document of version ${version.version} of DPP ${version.dpp_id} does not match its hash`);
  }
  return text;
}

/** A tier document as stored, checked against its hash (what the public document commits to) before it is served. */
export async function readCheckedTierDocument(
  version: DppVersionItem,
  stored: { path: string; hash: string },
): Promise<string> {
  const text = await readVersionDocument(stored.path);
  if (text === undefined || createHash('sha256').update(text, 'utf8').digest('hex') !== stored.hash) {
    throw new Error(`a tier document of version ${version.version} of DPP ${version.dpp_id} is missing or changed`);
  }
  return text;
}
