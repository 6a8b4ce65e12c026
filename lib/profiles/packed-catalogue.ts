import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { PACKED_PROFILES } from './data/packed';
import type { Profile } from './format';

/**
 * The catalogue (lib/profiles/catalogue.ts) for the import worker: the same profiles, lean
 * (leanProfile) and packed (compact JSON compressed with Brotli, ~8 KB where the JSON files are
 * ~85 KB of its bundle) and
 * unpacked on first use (about a millisecond, once per invocation's process). A worker starts
 * once per import, not per request, so it trades the JSON's cold-start edge (docs/profiles.md,
 * Loading) for the bytes the XLSX reader needs (docs/choices.md, Bulk import).
 */
let profiles: readonly Profile[] | undefined;

/** The profile with this id, if the service has one. */
export function packedProfileById(id: string): Profile | undefined {
  profiles ??= JSON.parse(brotliDecompressSync(Buffer.from(PACKED_PROFILES, 'base64')).toString('utf8')) as Profile[];
  return profiles.find((profile) => profile.id === id);
}

/**
 * What the worker keeps of a profile: what validating a document, its completeness and its
 * history read (ids, pointers, types, items, `unmapped`, obligations, tiers, `dynamic`,
 * `composedOf`, the English label); not the other languages, notes, references or origins.
 */
export const leanProfile = (profile: Profile): Profile =>
  JSON.parse(
    JSON.stringify(profile, (key, value) =>
      key === 'note' || key === 'reference' || key === 'origin' || key === 'extension' || key === 'schema'
        ? undefined
        : key === 'label' && typeof value === 'object' && value !== null
          ? { en: (value as { en?: string }).en }
          : value,
    ),
  ) as Profile;

/** The profiles packed as PACKED_PROFILES holds them (scripts/profile-access.ts writes it). */
export const packProfiles = (all: readonly Profile[]): string =>
  brotliCompressSync(Buffer.from(JSON.stringify(all.map(leanProfile))), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).toString('base64');
