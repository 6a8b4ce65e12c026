import * as v from 'valibot';
import { accessValue, type ReadRequest, readerOf, recordRead } from '../access-tiers/read-access';
import * as keys from '../data/keys';
import { type CursorBinding, decodeCursor, encodeCursor } from '../data/paging';
import { dppNotFound, isPublished } from '../dpps/model';
import { readDpp } from '../dpps/repository';
import { accessProfileById } from '../profiles/access-catalogue';
import { visible } from '../profiles/filter';
import { ATTRIBUTE_TIERS, type Attribute, type Profile } from '../profiles/format';
import { id, pageQuery } from '../schemas';
import { type AspectChangeItem, aspectChangeView } from './model';
import { aspectChangesOfTiers } from './repository';

export const listPublicAspectHistoryInput = v.object({
  params: v.object({ dppId: id }),
  // An access grant's value, as on the other public reads (lib/dpps/view-dpp-aspect.ts).
  headers: v.object({ 'x-dpp-access': accessValue }),
  query: v.object({ ...pageQuery.entries, access: accessValue }),
});

/**
 * The public cursors' binding: bound to the collection like the company's (lib/data/paging.ts),
 * to no company (the reader has none) and never accepted by the company's route, nor its by this.
 */
const PUBLIC_CURSOR = 'public-history';

/** Where a change after which a page ends: past every change of its write (its revision). */
const afterWrite = (dppId: string, revision: number) => keys.aspectChange(dppId, revision, 999);

/**
 * Whether a reader of a tier reads an attribute's changes: its tier and that of every attribute
 * inside its value (a change shows the value whole: docs/profiles.md, Dynamic attributes), as
 * the profile says now. An attribute the profile no longer has is shown to nobody.
 */
function readsChangesOf(profile: Profile, tier: string): (aspect: string, attribute: string) => boolean {
  const known = new Map<string, boolean>();
  return (aspectId, attributeId) => {
    const key = `${aspectId}\u0000${attributeId}`;
    let shown = known.get(key);
    if (shown === undefined) {
      const attributes = profile.aspects.find((aspect) => aspect.id === aspectId)?.attributes ?? [];
      const own = attributes.find((attribute) => attribute.id === attributeId);
      shown =
        own !== undefined &&
        [own, ...attributes.filter((other) => inside(other, own))].every((a) => visible({ upTo: tier }, a));
      known.set(key, shown);
    }
    return shown;
  };
}

/** Whether `other`'s values lie inside `outer`'s (its pointer, or its place in the same list's items, below). */
function inside(other: Attribute, outer: Attribute): boolean {
  if (other === outer || other.pointer === undefined || outer.pointer === undefined) return false;
  if (!outer.item) return other.pointer.startsWith(`${outer.pointer}/`);
  return (
    other.pointer === outer.pointer &&
    other.item !== undefined &&
    other.item.pointer.startsWith(`${outer.item.pointer}/`)
  );
}

/**
 * A page of a published profiled passport's history of dynamic attributes, oldest first, as the
 * reader's tier reads it (docs/profiles.md, Dynamic attributes): anonymous, the changes of
 * `public` attributes; through an access grant (`?access=` or `x-dpp-access`), those of the
 * grant's tier and below. A change of an attribute above the reader's tier is removed from the
 * list, never blanked, and nothing says it was there:
 *
 * - the entries are the company's view (lib/dpp-aspects/model.ts) without `changed_by` (the
 *   company's user id is the company's own);
 * - a page never splits the changes one write made: it ends after the last write whose changes
 *   fit in `limit` (only a write with more than `limit` changes for the reader makes a longer
 *   page), and its cursor points past that write, so neither a page's length nor its cursor
 *   (whose sort key is readable: lib/data/paging.ts) tells of changes the reader does not see.
 *
 * An unpublished DPP answers like an unknown one (404); a DPP without a profile has an empty
 * history. Reads: the DPP and the grant (one round trip), then the history's Queries, the other
 * tiers filtered out by DynamoDB; a read through a grant is logged with the restricted
 * attributes it served, before the answer goes out.
 */
export async function listPublicAspectHistory(
  input: v.InferOutput<typeof listPublicAspectHistoryInput>,
  request: ReadRequest,
) {
  const { dppId } = input.params;
  const { limit, cursor, access: queryAccess } = input.query;
  const binding: CursorBinding = { range: keys.aspectChangesRange(dppId), companyId: PUBLIC_CURSOR };
  const after = cursor === undefined ? undefined : await decodeCursor(cursor, binding);
  const [dpp, reader] = await Promise.all([
    readDpp(dppId),
    readerOf(dppId, queryAccess ?? input.headers['x-dpp-access']),
  ]);
  if (!dpp || !isPublished(dpp)) throw dppNotFound();
  const profile = dpp.profile === undefined ? undefined : accessProfileById(dpp.profile);
  const page: AspectChangeItem[] = [];
  let more = false;
  if (profile) {
    const tiers = ATTRIBUTE_TIERS.filter((tier) => visible({ upTo: reader.tier }, { tier } as Attribute));
    const shown = readsChangesOf(profile, reader.tier);
    // Read until the page is full and the next shown change is of another write (or none is left).
    for await (const change of aspectChangesOfTiers(dppId, tiers, 2 * (limit + 1), after)) {
      if (change.company_id !== dpp.company_id || !shown(change.aspect, change.attribute)) continue;
      const last = page.at(-1);
      if (page.length >= limit && last && change.revision !== last.revision) {
        more = true;
        break;
      }
      page.push(change);
    }
    // A page cut inside a write ends before that write (unless the page is that write alone).
    const last = page.at(-1);
    if (last && page.length > limit) {
      const start = page.findIndex((change) => change.revision === last.revision);
      if (start > 0) {
        page.length = start;
        more = true;
      }
    }
  }
  if (reader.grant) {
    const attributes = [...new Set(page.filter((c) => c.tier !== 'public').map((c) => c.attribute))];
    await recordRead(
      reader.grant,
      'aspect-history',
      { cards: [], files: [], images: [], ...(attributes.length > 0 && { attributes }) },
      request,
    );
  }
  const last = page.at(-1);
  return {
    body: {
      changes: page.map((change) => {
        const { changed_by: _, ...view } = aspectChangeView(change);
        return view;
      }),
      ...(more && last && { nextCursor: await encodeCursor(afterWrite(dppId, last.revision), binding) }),
    },
    grant: reader.grant !== undefined,
  };
}
