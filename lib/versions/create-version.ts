import { setTimeout as sleep } from 'node:timers/promises';
import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { budget } from '../aws/budget';
import { dppNotFound } from '../dpps/model';
import { ConflictError, InvalidInputError } from '../errors';
import { objectKeys } from '../files/object-keys';
import { committedLeg, recordPendingObject, releasePendingObjects } from '../files/pending-objects';
import { MAX_VERSION_DOCUMENT_BYTES, MAX_VERSION_FILES } from '../limits';
import { accessProfileById } from '../profiles/access-catalogue';
import type { ProfileLookup } from '../profiles/format';
import { id } from '../schemas';
import {
  canonicalDocument,
  snapshotOf,
  splitByTier,
  storeVersionDocument,
  tierDocument,
  versionDocument,
} from './document';
import { toDppVersionItem } from './model';
import { readVersionSource, writeVersion } from './repository';

export const createDppVersionInput = v.pipe(
  v.object({
    params: v.object({ dppId: id }),
    body: v.object({ dppId: id, versionId: id }),
  }),
  // The body repeats the path's DPP id; it must agree with it.
  v.forward(
    v.partialCheck(
      [
        ['params', 'dppId'],
        ['body', 'dppId'],
      ],
      ({ params, body }) => body.dppId === params.dppId,
      'must equal the dppId of the path',
    ),
    ['body', 'dppId'],
  ),
);

/**
 * Lost races are retried: a concurrent create took the number (or a file changed, or DynamoDB
 * cancelled a conflicting transaction) between this attempt's read and its transaction. The
 * wait is full jitter on an exponential step whose unit is the duration of the attempt just
 * lost (at least `baseDelayMs`): contenders spread over about as many attempt-lengths as
 * there are of them, whatever an attempt costs where it runs, so fewer attempts are wasted.
 * Bounded in attempts and in time (the function times out after 10 s); sized so that 20
 * creates sent at once on one DPP all succeed (test/functions/versions.test.ts).
 */
export const RETRY = {
  maxAttempts: 16,
  baseDelayMs: 10,
  maxDelayMs: 2_000,
  /** No new attempt starts this long after the first one started. */
  budgetMs: 8_000,
} as const;

/**
 * The wait after losing attempt `attempt` (1-based) that lasted `lostMs`: uniform in
 * [0, min(maxDelayMs, max(baseDelayMs, lostMs) · 2^(attempt-1))).
 */
export const retryDelayMs = (attempt: number, lostMs: number, random: () => number = Math.random): number =>
  random() * Math.min(RETRY.maxDelayMs, Math.max(RETRY.baseDelayMs, lostMs) * 2 ** (attempt - 1));

/**
 * Creates the next version of a DPP of the caller's company: numbered 1, 2, 3… with no gaps
 * and no duplicates, an immutable snapshot of the DPP's fields, files and cards, whose
 * canonical document is written to S3 first and whose files' current bytes are pinned.
 */
export async function createDppVersion(auth: Principal, { params, body }: v.InferOutput<typeof createDppVersionInput>) {
  const { dppId } = params;
  const created = await takeVersion(auth, dppId, body.versionId, accessProfileById);
  return { message: `Version ${created.version} of DPP ${dppId} created`, ok: true as const };
}

/** A version as taken: its number, its document's hash (`content_hash`) and when. */
export interface TakenVersion {
  version: number;
  content_hash: string;
  created_at: string;
}

/**
 * Takes the next version of a DPP of the caller's company (createDppVersion, and every change
 * through the passport API, which archives each: lib/passport-api). Retries lost races as RETRY says.
 */
export async function takeVersion(
  auth: Principal,
  dppId: string,
  versionId: string,
  /** Where the tiers of a profiled DPP's attributes are read (lib/versions/document.ts, splitByTier). */
  profiles: ProfileLookup,
): Promise<TakenVersion> {
  const started = Date.now();
  // The documents of lost attempts are removed while the next attempt runs, all before answering.
  const releases: Promise<void>[] = [];
  try {
    for (let attempt = 1; ; attempt++) {
      const attemptStarted = Date.now();
      const created = await attemptVersion(auth, dppId, versionId, releases, profiles);
      if (created !== undefined) return created;
      if (attempt >= RETRY.maxAttempts || Date.now() - started >= RETRY.budgetMs) {
        throw new ConflictError(
          'the DPP was changed by other requests during every attempt; retry the request',
          'CONCURRENT_CHANGE',
        );
      }
      await sleep(retryDelayMs(attempt, Date.now() - attemptStarted));
    }
  } finally {
    await Promise.all(releases);
  }
}

/**
 * One attempt: read the DPP, write its document, then the version's transaction. The
 * version when written; undefined when the race was lost (the document is released).
 */
async function attemptVersion(
  auth: Principal,
  dppId: string,
  versionId: string,
  releases: Promise<void>[],
  profiles: ProfileLookup,
): Promise<TakenVersion | undefined> {
  const source = await readVersionSource(dppId);
  const dpp = source.dpp;
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  if (source.files.length > MAX_VERSION_FILES) {
    throw new InvalidInputError(
      `a version holds at most ${MAX_VERSION_FILES} files; this DPP has ${source.files.length}`,
      'TOO_MANY_FILES',
    );
  }
  const previousCount = dpp.version_count ?? 0;
  const version = previousCount + 1;
  const createdAt = new Date().toISOString();
  const snapshot = snapshotOf(dpp, source.files, source.cards);
  // The public document holds the public parts and the hash of each restricted tier's document
  // (docs/choices.md, Access tiers); without restricted parts it is the document as before tiers.
  const { publicSnapshot, tiers } = splitByTier(snapshot, profiles);
  const tierDocuments = tiers.map((parts) => ({
    tier: parts.tier,
    path: objectKeys.versionDocument(auth.companyId, dppId, uuidv7()),
    document: canonicalDocument(tierDocument({ dppId, version, versionId, ...parts })),
  }));
  const document = canonicalDocument(
    versionDocument({
      dppId,
      version,
      versionId,
      createdAt,
      snapshot: publicSnapshot,
      tiers: Object.fromEntries(tierDocuments.map((t) => [t.tier, t.document.hash])),
    }),
  );
  const totalBytes = tierDocuments.reduce((sum, t) => sum + t.document.bytes.length, document.bytes.length);
  if (totalBytes > MAX_VERSION_DOCUMENT_BYTES) {
    throw new InvalidInputError(
      `the DPP's snapshot is ${totalBytes} bytes; a version holds at most ${MAX_VERSION_DOCUMENT_BYTES}`,
      'VERSION_TOO_LARGE',
    );
  }
  const documentPath = objectKeys.versionDocument(auth.companyId, dppId, uuidv7());
  const tierPaths = tierDocuments.map((t) => t.path);
  // Its intent record first (lib/files/pending-objects.ts), naming the tier documents too: the version's transaction deletes it.
  await recordPendingObject(documentPath, tierPaths);
  await Promise.all([
    storeVersionDocument(documentPath, document),
    ...tierDocuments.map((t) => storeVersionDocument(t.path, t.document)),
  ]);
  const item = toDppVersionItem({
    id: versionId,
    dpp_id: dppId,
    company_id: auth.companyId,
    version,
    created_at: createdAt,
    created_by: auth.userId,
    snapshot,
    document_path: documentPath,
    content_hash: document.hash,
    ...(tierDocuments.length > 0 && {
      tier_documents: Object.fromEntries(tierDocuments.map((t) => [t.tier, { path: t.path, hash: t.document.hash }])),
    }),
    status: 'CREATED',
  });
  const committed = committedLeg(documentPath);
  const outcome = await writeVersion(item, previousCount, snapshot.files, dpp, committed).catch(
    async (error: unknown) => {
      // A transaction that got no answer may have landed: its document stays, and its intent
      // record tells the orphan sweeper whether it did.
      if (!budget()?.unanswered) await releasePendingObjects(documentPath, tierPaths);
      throw error;
    },
  );
  if (outcome === 'written') return { version, content_hash: document.hash, created_at: createdAt };
  releases.push(releasePendingObjects(documentPath, tierPaths));
  if (outcome === 'version_id_taken') {
    throw new ConflictError(`versionId ${versionId} is already a version of this DPP`, 'VERSION_ID_TAKEN');
  }
  return undefined;
}
