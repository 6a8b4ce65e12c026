/**
 * Writes each profile's access index (lib/profiles/data/access/<id>.json): what reading a passport
 * at a tier, its completeness and its lifecycle need of the profile, and nothing else (no labels
 * but English, no notes, origins or references), so the functions that filter a passport carry
 * ~20 KB of profile rather than ~80 (docs/profiles.md, Loading). Derived, never edited:
 *
 *   npx tsx scripts/profile-access.ts
 *
 * test/lib/profiles/access-index.test.ts fails when an index is not what this writes.
 *
 * And the packed catalogue (lib/profiles/data/packed.ts: every profile whole, compact JSON
 * compressed with Brotli, as base64) that the import worker carries instead of the JSON files
 * (lib/profiles/packed-catalogue.ts); test/lib/profiles/packed-catalogue.test.ts fails when it is
 * not the catalogue.
 */
import { writeFileSync } from 'node:fs';
import { accessIndexOf } from '../lib/profiles/access-index';
import { PROFILES } from '../lib/profiles/catalogue';
import { packProfiles } from '../lib/profiles/packed-catalogue';

for (const profile of PROFILES) {
  const path = `lib/profiles/data/access/${profile.id}.json`;
  writeFileSync(path, `${JSON.stringify(accessIndexOf(profile), null, 2)}\n`);
  console.log(`wrote ${path}`);
}

writeFileSync(
  'lib/profiles/data/packed.ts',
  [
    '/** Every profile, packed (written by scripts/profile-access.ts from lib/profiles/data/*.json; never edited). */',
    `export const PACKED_PROFILES = '${packProfiles(PROFILES)}';`,
    '',
  ].join('\n'),
);
console.log('wrote lib/profiles/data/packed.ts');
