import { v7 as uuidv7 } from 'uuid';
import type { Principal } from '../auth/claims';
import type { PlanChange } from '../dpps/change';
import { storeNewDpp } from '../dpps/create-dpp';
import { manufacturerOf } from '../dpps/link';
import type { DppItem } from '../dpps/model';
import { withdrawPublicAnswers } from '../dpps/public-paths';
import { committedLeg } from '../files/pending-objects';
import { packedProfileById } from '../profiles/packed-catalogue';
import {
  planVersion,
  releaseUnlessUnanswered,
  storeVersionDocuments,
  type TakenVersion,
  takeVersion,
} from '../versions/create-version';
import { versionItemLegs } from '../versions/repository';
import { companyElements, type HeaderSources, headerOf, readHeaderSources, versionRef } from './model';

/**
 * Every write of the passport API is archived (EN 18221; docs/behaviour.md, The passport API), and
 * is ONE effect with its archive: the change and its version land in one DynamoDB transaction,
 * or neither does. The change is made in memory from the DPP as read (strongly consistent), the
 * version's documents are built from the DPP as the change leaves it and written to S3 first
 * (under an intent record, as every version's: the orphan sweeper removes those of a transaction
 * that never landed), then ONE transaction writes the change (the DPP's update, on its own
 * conditions, and the legs beside it), the version, its claim, its file pins and the counter's
 * move (lib/versions/repository.ts, versionLegs), on the DPP being exactly as read. A lost race
 * (another write of the DPP, a file, a version meanwhile) is made again from a new read, as every
 * version's is (lib/versions/create-version.ts, RETRY); a refused change writes nothing. The
 * answer is the passport as its company reads it, with the version that archived the change.
 */
export async function archivedChange(
  auth: Principal,
  dppId: string,
  change: PlanChange,
  /** The change publishes or withdraws the passport: the CDN drops what it kept of it after (lib/dpps/public-paths.ts). */
  options: { withdraw?: boolean } = {},
) {
  // Read with the first attempt's DPP: its company (the header's operator id, the Digital Link
  // entry's manufacturer) and template (the header's facility, commodity code), which no write here changes.
  let sources: HeaderSources | undefined;
  const taken = await takeVersion(auth, dppId, uuidv7(), packedProfileById, async (read, at) => {
    const made = await change(read, at);
    sources ??= await readHeaderSources(read);
    return { ...made, manufacturer: manufacturerOf(sources.company) };
  });
  if (options.withdraw) await withdrawPublicAnswers(dppId, taken.dpp.search_id);
  return answer(taken.dpp, sources ?? (await readHeaderSources(taken.dpp)), taken);
}

/**
 * A new DPP archived as version 1 in the transaction that creates it (lib/dpps/repository.ts,
 * putNewDpp: its checks of KYB and the template, the DPP and its Digital Link entry, then the
 * version's own items): the documents first, released when the transaction refused it.
 */
export async function archivedNew(auth: Principal, item: DppItem) {
  const dpp: DppItem = { ...item, version_count: 1 };
  const planned = planVersion(
    auth,
    { versionId: uuidv7(), version: 1, createdAt: item.created_at, dpp, files: [], cards: [] },
    packedProfileById,
  );
  const [sources] = await Promise.all([readHeaderSources(dpp), storeVersionDocuments(planned)]);
  const taken = { version: 1, content_hash: planned.item.content_hash, created_at: item.created_at };
  await storeNewDpp(dpp, {
    latest: { version: 1, hash: taken.content_hash, created_at: taken.created_at },
    legs: versionItemLegs(planned.item, [], committedLeg(planned.documentPath)),
  }).catch((error: unknown) => releaseUnlessUnanswered(planned, error));
  return answer(dpp, sources, taken);
}

/** The passport as its company reads it after a write, with the version that archived it. */
const answer = (dpp: DppItem, sources: HeaderSources, taken: TakenVersion) => ({
  ...headerOf(dpp, sources),
  elements: companyElements(dpp, sources),
  version: versionRef(dpp.id, taken),
});
