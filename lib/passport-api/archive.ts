import { v7 as uuidv7 } from 'uuid';
import type { Principal } from '../auth/claims';
import { defined } from '../defined';
import { readDpp } from '../dpps/repository';
import { packedProfileById } from '../profiles/packed-catalogue';
import { takeVersion } from '../versions/create-version';
import { companyElements, headerOf, readHeaderSources, versionRef } from './model';

/**
 * Every write of the passport API is archived (EN 18221; docs/behaviour.md, The passport API):
 * after the change, a version of the DPP is taken (lib/versions/create-version.ts, the one that
 * POST /version/{dppId}/create takes), so the version history holds the passport as each change
 * left it, and a read by date finds it. The answer is the passport as its company reads it, with
 * the version that archived the change.
 */
export async function archived(auth: Principal, dppId: string) {
  const taken = await takeVersion(auth, dppId, uuidv7(), packedProfileById);
  // Strongly consistent: the DPP as the change left it (the version's transaction only moved its counter).
  const dpp = defined(await readDpp(dppId, { consistent: true }), `DPP ${dppId} just archived`);
  const sources = await readHeaderSources(dpp);
  return { ...headerOf(dpp, sources), elements: companyElements(dpp, sources), version: versionRef(dppId, taken) };
}
