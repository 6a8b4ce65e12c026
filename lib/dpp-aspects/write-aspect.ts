import type { Principal } from '../auth/claims';
import type { PlanChange } from '../dpps/change';
import { ceased } from '../dpps/lifecycle';
import type { DppItem } from '../dpps/model';
import { isPublished } from '../dpps/model';
import { ConflictError, TooLargeError } from '../errors';
import { MAX_ASPECT_BYTES, MAX_ASPECTS_BYTES } from '../limits';
import { completenessOf, incomplete } from '../profiles/completeness';
import type { Aspect, Profile, ProfileLookup } from '../profiles/format';
import { documentProblems } from '../profiles/validate';
import { attributeValue } from '../profiles/values';
import { type AspectChangeItem, invalidAspect, profiledAspect, toAspectChangeItem } from './model';
import { type AspectWrite, aspectsChangeOf, readDppItem, storeAspect } from './repository';

/** Attempts of a write that lost a race to another aspect write on the same DPP, before 409. */
const ATTEMPTS = 3;

/** Whether two JSON values are the same value (objects by their members, in any order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (key) =>
        Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/** The dynamic attributes of an aspect whose value differs between two documents, with both values. */
export function dynamicChanges(aspect: Aspect, before: unknown, after: unknown) {
  return aspect.attributes
    .filter((attribute) => attribute.dynamic && attribute.pointer !== undefined)
    .map((attribute) => ({
      attribute,
      old: attributeValue(before, attribute),
      new: attributeValue(after, attribute),
    }))
    .filter((change) => !sameJson(change.old, change.new));
}

/**
 * The checks of an aspect write on a profiled DPP, the single routes' and the bulk import's
 * (lib/imports/apply.ts) alike: the new document `made` holds to the profile (400 INVALID_ASPECT
 * with every problem), its size and the aspects' together fit (413), and a published DPP loses no
 * mandatory attribute (409 INCOMPLETE). Throws the error that says why not; answers the document
 * and the DPP's aspects with it.
 */
export function checkAspectWrite(
  profile: Profile,
  dpp: Pick<DppItem, 'aspects' | 'category' | 'published'>,
  aspect: Aspect,
  made: unknown,
  others: Readonly<Record<string, Record<string, unknown>>> | undefined = dpp.aspects,
): { document: Record<string, unknown>; aspects: Record<string, Record<string, unknown>> } {
  const problems = documentProblems(aspect, made);
  if (problems.length > 0) throw invalidAspect(aspect.id, problems);
  const document = made as Record<string, unknown>;
  const bytes = Buffer.byteLength(JSON.stringify(document));
  if (bytes > MAX_ASPECT_BYTES)
    throw new TooLargeError(
      `the ${aspect.id} document is ${bytes} bytes of JSON; an aspect holds at most ${MAX_ASPECT_BYTES}`,
    );
  const aspects = { ...others, [aspect.id]: document };
  const total = Buffer.byteLength(JSON.stringify(aspects));
  if (total > MAX_ASPECTS_BYTES)
    throw new TooLargeError(
      `the DPP’s aspects would be ${total} bytes of JSON together; they hold at most ${MAX_ASPECTS_BYTES}`,
    );
  if (isPublished(dpp as DppItem) && dpp.category !== undefined) {
    // A published passport loses no mandatory attribute (one published before it had them all may still gain them).
    const after = completenessOf(profile, dpp.category, aspects);
    const before = new Set(completenessOf(profile, dpp.category, dpp.aspects).missing.map((m) => m.attribute));
    const lost = after.missing.filter((missing) => !before.has(missing.attribute));
    if (lost.length > 0)
      throw incomplete(
        { ...after, missing: lost },
        'the DPP is published, and this change would take away what its category makes mandatory',
      );
  }
  return { document, aspects };
}

/** The history entries of an aspect write: one per dynamic attribute it changed, numbered from `first`. */
export function aspectChangeItems(
  dpp: Pick<DppItem, 'id' | 'company_id'>,
  aspect: Aspect,
  stored: unknown,
  document: unknown,
  at: { revision: number; at: string; by: string; first?: number },
): AspectChangeItem[] {
  return dynamicChanges(aspect, stored, document).map((change, n) =>
    toAspectChangeItem(
      {
        dpp_id: dpp.id,
        company_id: dpp.company_id,
        revision: at.revision,
        aspect: aspect.id,
        attribute: change.attribute.id,
        pointer: change.attribute.pointer as string,
        tier: change.attribute.tier,
        ...(change.old !== undefined && { old: change.old }),
        ...(change.new !== undefined && { new: change.new }),
        changed_at: at.at,
        changed_by: at.by,
      },
      (at.first ?? 0) + n,
    ),
  );
}

/**
 * One aspect write made from the DPP as read (`read`, strongly consistent): the DPP must be the
 * company's and profiled with the aspect, not ceased (docs/behaviour.md, Lifecycle), and the new
 * document `next` makes from the stored one must pass checkAspectWrite (400 INVALID_ASPECT with
 * every problem, 413, 409 INCOMPLETE); throws the error that says why not. The write holds the
 * history entries, one per dynamic attribute it changed, at revision and time `at`.
 */
export function planAspectWrite(
  auth: Principal,
  read: DppItem | undefined,
  aspectId: string,
  next: (stored: Record<string, unknown> | undefined) => unknown,
  profiles: ProfileLookup,
  at: string,
): AspectWrite {
  const { dpp, profile, aspect } = profiledAspect(read, auth.companyId, aspectId, profiles);
  // A ceased passport changes no more; the write's guard holds it too.
  if (dpp.ceased_at !== undefined) throw ceased();
  const stored = dpp.aspects?.[aspect.id];
  const { document } = checkAspectWrite(profile, dpp, aspect, next(stored));
  const revision = (dpp.aspects_revision ?? 0) + 1;
  const changes = aspectChangeItems(dpp, aspect, stored, document, { revision, at, by: auth.userId });
  return { dpp, aspect: aspect.id, document, changes, at };
}

/**
 * Writes one aspect of a profiled DPP of the caller's company (PUT and PATCH: `next` makes the
 * new document from the stored one). The DPP is read (strongly consistent) and the write made
 * from it (planAspectWrite). Then one conditional write stores it with its history entries
 * (lib/dpp-aspects/repository.ts); a write that lost a race to another is made again from a new
 * read, up to ATTEMPTS times, then 409. Answers the document as stored.
 */
export async function writeAspect(
  auth: Principal,
  dppId: string,
  aspectId: string,
  next: (stored: Record<string, unknown> | undefined) => unknown,
  profiles: ProfileLookup,
): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    const write = planAspectWrite(auth, await readDppItem(dppId), aspectId, next, profiles, new Date().toISOString());
    if (await storeAspect(write)) return write.document;
    if (attempt >= ATTEMPTS)
      throw new ConflictError(
        'the DPP’s aspects kept changing meanwhile; read it again and retry',
        'CONCURRENT_CHANGE',
      );
  }
}

/** The DPP as an aspect write leaves it (its revision raised), for what is answered or archived of it. */
export const afterAspectWrite = ({ dpp, aspect, document, at }: AspectWrite): DppItem => ({
  ...dpp,
  aspects: { ...dpp.aspects, [aspect]: document },
  aspects_revision: (dpp.aspects_revision ?? 0) + 1,
  updated_at: at,
});

/**
 * An aspect write as the passport API makes it with its version (lib/versions/create-version.ts,
 * PlanChange): planAspectWrite from the DPP as read, its update and history entries
 * (aspectsChangeOf), and the DPP as it leaves it.
 */
export const aspectChange =
  (
    auth: Principal,
    aspectId: string,
    next: (stored: Record<string, unknown> | undefined) => unknown,
    profiles: ProfileLookup,
  ): PlanChange =>
  (read, at) => {
    const write = planAspectWrite(auth, read, aspectId, next, profiles, at);
    return {
      dpp: afterAspectWrite(write),
      write: aspectsChangeOf({
        dpp: write.dpp,
        documents: { [write.aspect]: write.document },
        changes: write.changes,
        at,
      }),
    };
  };
