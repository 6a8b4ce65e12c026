/**
 * Writes each profile's access index (lib/profiles/data/access/<id>.json): what reading a passport
 * at a tier, its completeness and its lifecycle need of the profile, and nothing else (no labels
 * but English, no notes, origins or references), so the functions that filter a passport carry
 * ~20 KB of profile rather than ~80 (docs/profiles.md, Loading). Derived, never edited:
 *
 *   npx tsx scripts/profile-access.ts
 *
 * test/lib/profiles/access-index.test.ts fails when an index is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import { accessIndexOf } from '../lib/profiles/access-index';
import { PROFILES } from '../lib/profiles/catalogue';

for (const profile of PROFILES) {
  const path = `lib/profiles/data/access/${profile.id}.json`;
  writeFileSync(path, `${JSON.stringify(accessIndexOf(profile), null, 2)}\n`);
  console.log(`wrote ${path}`);
}
