import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { PACKED_PROFILES } from './data/packed';
import type { Profile } from './format';

/**
 * The catalogue (lib/profiles/catalogue.ts) for the import worker: the same profiles, packed
 * (compact JSON compressed with Brotli, ~12 KB where the JSON files are ~85 KB of its bundle) and
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

/** The profiles packed as PACKED_PROFILES holds them (scripts/profile-access.ts writes it). */
export const packProfiles = (all: readonly Profile[]): string =>
  brotliCompressSync(Buffer.from(JSON.stringify(all)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).toString('base64');
