import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { type Tiered, tierOf } from '../access-tiers/tiers';
import type { Principal } from '../auth/claims';
import { assertOwnCompany } from '../auth/tenancy';
import { budget } from '../aws/budget';
import { bucket } from '../aws/s3';
import { type DppCardItem, type DppFileItem, dppNotFound, toDppCardItem, toDppFileItem } from '../dpps/model';
import { ConflictError } from '../errors';
import { objectKeys } from '../files/object-keys';
import { committedLeg, recordPendingObject, releasePendingObjects } from '../files/pending-objects';
import { signedGetUrl } from '../files/storage';
import { MAX_RELATED_COPIES, MAX_RELATED_DPPS, MAX_TRANSACTION_BYTES } from '../limits';
import { distinct, id, uuid } from '../schemas';
import { relatedCardView, relatedDppNotVisible, relatedFileView, tooManyItems } from './model';
import { type LinkableDpp, readLinkable, readPartnerIds, writeLinks } from './repository';

export const createRelatedDppsInput = v.pipe(
  v.object({
    params: v.object({ companyId: uuid, dppId: id }),
    body: v.object({
      relatedDppIds: v.pipe(
        v.array(id),
        v.minLength(1, 'must name at least one DPP'),
        v.maxLength(MAX_RELATED_DPPS, `must name at most ${MAX_RELATED_DPPS} DPPs`),
        v.check(distinct, 'must not name a DPP twice'),
      ),
    }),
  }),
  v.forward(
    v.partialCheck(
      [
        ['params', 'dppId'],
        ['body', 'relatedDppIds'],
      ],
      ({ params, body }) => !body.relatedDppIds.includes(params.dppId),
      'must not name the target DPP itself',
    ),
    ['body', 'relatedDppIds'],
  ),
);
export type CreateRelatedDppsInput = v.InferOutput<typeof createRelatedDppsInput>;

/**
 * Tries of a link that lost a race (the same DPP linked to the target meanwhile, a conflicting
 * transaction on the target, or a related DPP's file replaced or deleted between the read and
 * the copy), each after a short random pause, so concurrent links to one target spread out.
 */
const MAX_ATTEMPTS = 5;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));

/**
 * Links DPPs to a DPP of the caller's company (docs/spec/decisions.md, Related DPPs). Each related DPP
 * must be the company's own or a partner company's (else RELATED_DPP_NOT_VISIBLE, the same for
 * an unknown id). For each one not linked yet, its files (bytes copied server-side to the
 * target's own object keys, so deleting the source never breaks a copy) and tech cards (new
 * ids) are copied onto the target, marked `copied_from`: all of them, each with its tier, from
 * a DPP of the company; only the public ones from a partner's (docs/behaviour.md, Related DPPs), and the link is added to the target's
 * `related_dpps`: bytes first, then ONE transaction. On any failure the copied objects are
 * deleted again; a lost race starts over (at most MAX_ATTEMPTS tries, then 409). A DPP linked
 * before copies nothing again. The answer lists the target's copies that came from the
 * requested DPPs, the earlier link's included, so a repeat answers the same copies.
 */
export async function createRelatedDpps(auth: Principal, { params, body }: CreateRelatedDppsInput) {
  assertOwnCompany(auth, params.companyId);
  for (let attempt = 1; ; attempt++) {
    const linked = await linkOnce(auth, params.dppId, body.relatedDppIds);
    if (linked) {
      return {
        message: 'Related DPPs linked',
        updatedDppId: params.dppId,
        related_files: await Promise.all(
          linked.files.map(async (file) => ({ ...relatedFileView(file), url: await signedGetUrl(file.path, file) })),
        ),
        related_tech_cards: linked.cards.map(relatedCardView),
        ok: true as const,
      };
    }
    if (attempt === MAX_ATTEMPTS) {
      throw new ConflictError(
        'The DPP or a related DPP was changed by another request meanwhile; retry',
        'CONCURRENT_CHANGE',
      );
    }
    await pause(attempt);
  }
}

/** One try: the target's copies from the requested DPPs, or undefined when it lost a race (nothing kept). */
async function linkOnce(
  auth: Principal,
  dppId: string,
  relatedIds: readonly string[],
): Promise<{ files: DppFileItem[]; cards: DppCardItem[] } | undefined> {
  const [target, partners, read] = await Promise.all([
    readLinkable(dppId),
    readPartnerIds(auth.companyId),
    Promise.all(relatedIds.map(readLinkable)),
  ]);
  const dpp = target.dpp;
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  const visible = new Set([auth.companyId, ...partners]);
  const related = read.map(({ dpp: relatedDpp, files, cards }, i): RelatedDpp => {
    if (!relatedDpp || !visible.has(relatedDpp.company_id)) throw relatedDppNotVisible(i);
    return { dpp: relatedDpp, files, cards };
  });

  const requested = new Set(relatedIds);
  const fromRequested = <T extends { copied_from?: { dpp_id: string } }>(items: T[]) =>
    items.filter((item) => item.copied_from && requested.has(item.copied_from.dpp_id));
  const earlier = { files: fromRequested(target.files), cards: fromRequested(target.cards) };

  const previous = dpp.related_dpps;
  const fresh = related.filter((r) => !previous?.includes(r.dpp.id));
  if (fresh.length === 0) return earlier;

  const now = new Date().toISOString();
  const { files, cards } = copiesOf(fresh, {
    companyId: auth.companyId,
    dppId,
    modelId: dpp.model_id,
    userId: auth.userId,
    now,
  });
  const items = [...files.map((file) => file.item), ...cards];
  if (items.length > MAX_RELATED_COPIES || Buffer.byteLength(JSON.stringify(items)) > MAX_TRANSACTION_BYTES) {
    throw tooManyItems(items.length, MAX_RELATED_COPIES);
  }

  // Every copy's key is new, so deleting them all on a failure never touches anything else. One
  // intent record names them all before they are copied (lib/files/pending-objects.ts); the
  // links' transaction deletes it.
  const [first, ...others] = files.map(({ item }) => item.path);
  const release = async () => {
    if (first !== undefined) await releasePendingObjects(first, others);
  };
  if (first !== undefined) await recordPendingObject(first, others);
  const copied = await Promise.allSettled(files.map(({ from, item }) => bucket.copy(from, item.path)));
  const failed = copied.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed || copied.some((r) => r.status === 'fulfilled' && !r.value)) {
    // S3 failed, or a source object was gone (its file replaced or deleted meanwhile): keep no copy.
    await release();
    if (failed) throw failed.reason;
    return undefined;
  }
  const linked = fresh.map((r) => r.dpp.id);
  const committed = first === undefined ? undefined : committedLeg(first);
  const written = await writeLinks({ dppId, companyId: auth.companyId }, linked, items, now, committed).catch(
    async (error: unknown) => {
      // A transaction that got no answer may have landed: the copies stay, and their intent
      // record tells the orphan sweeper whether it did.
      if (!budget()?.unanswered) await release();
      throw error;
    },
  );
  if (!written) {
    await release();
    return undefined;
  }
  return { files: [...earlier.files, ...files.map((file) => file.item)], cards: [...earlier.cards, ...cards] };
}

/** A related DPP the company may see, with what linking copies. */
type RelatedDpp = Required<LinkableDpp>;

interface CopyTarget {
  companyId: string;
  dppId: string;
  modelId: string;
  userId: string;
  now: string;
}

/**
 * The new items on the target for the related DPPs' files and cards: new ids (UUIDv7, so they
 * list after the target's own; the cards' characteristics too), the target's company and
 * model, and `copied_from`. A file copy gets its own object key of the target
 * (`objectKeys.dppFile`, a new file and upload id): from then on it is an ordinary file of the
 * target (renamed, replaced, deleted, pinned like any other). `from` is the object key its
 * bytes are copied from: the source's current upload, which is never overwritten.
 */
function copiesOf(related: RelatedDpp[], to: CopyTarget) {
  const files: Array<{ from: string; item: DppFileItem }> = [];
  const cards: DppCardItem[] = [];
  for (const { dpp, files: allFiles, cards: allCards } of related) {
    // Within one company a copy keeps its source's access tier. Across companies only the public
    // parts are copied: a restricted part is the other company's to share through its own grants,
    // logged in its own access log, and a copy (the target's to re-tier) would publish it.
    const shared = <T extends Tiered>(parts: T[]) =>
      dpp.company_id === to.companyId ? parts : parts.filter((part) => tierOf(part) === 'public');
    const sourceFiles = shared(allFiles);
    const sourceCards = shared(allCards);
    for (const source of sourceFiles) {
      const fileId = uuidv7();
      const uploadId = uuidv7();
      const item = toDppFileItem(
        {
          id: fileId,
          dpp_id: to.dppId,
          company_id: to.companyId,
          model_id: to.modelId,
          name: source.name,
          description: source.description,
          created_by: to.userId,
          created_at: to.now,
          copied_from: { dpp_id: dpp.id, id: source.id },
          access_tier: source.access_tier,
        },
        {
          path: objectKeys.dppFile(to.companyId, to.dppId, fileId, uploadId),
          mime_type: source.mime_type,
          hash: source.hash,
          size: source.size,
          upload_id: uploadId,
        },
      );
      files.push({ from: source.path, item });
    }
    for (const source of sourceCards) {
      cards.push(
        toDppCardItem(to.dppId, {
          id: uuidv7(),
          company_id: to.companyId,
          name: source.name,
          description: source.description,
          characteristics: (source.characteristics ?? []).map(({ characteristic }) => ({
            id: uuidv7(),
            characteristic,
          })),
          copied_from: { dpp_id: dpp.id, id: source.id },
          access_tier: source.access_tier,
        }),
      );
    }
  }
  return { files, cards };
}
