import type { Attribute, Profile } from './format';
import { escaped, segmentsOf } from './pointer';
import { valueAtSegments } from './values';

/**
 * Reading a profiled passport at a tier (docs/profiles.md, Reading at a tier): each aspect's
 * document with every attribute the reader may not see REMOVED: never blanked, no marker of
 * absence, and a parent left empty by the removal removed too. Nothing here knows a sector: the
 * profile's attributes say where each value is and who may read it.
 *
 * What is kept of a document, and nothing else:
 * - the value of each attribute the reader may read, whole (at its pointer; for an attribute in
 *   the items of a list, its place in each item its `where` picks);
 * - in a list item that keeps a value, the fields a `where` of the list names (the item's
 *   selector, such as which material a share is of: the item is read by it);
 * - the objects and lists on the way to those (structure), without what no kept value needs.
 * A field of the document no attribute holds (the profile's `unmapped`, or anything else a writer
 * put there) is kept for nobody: only the company's own routes show the stored document whole.
 */

/** A tier of a profile's attribute, in order: a reader of a tier reads those before it. */
const ORDER = ['public', 'legitimate_interest', 'authority'] as const;

/**
 * Which attributes are kept (`visible`): up to a tier (a reader), exactly one tier (a version's tier document),
 * or those a test picks (a successor's copy: lib/dpps/create-successor.ts).
 */
export type TierFilter = { upTo: string } | { only: string } | { keep: (attribute: Attribute) => boolean };

export function visible(filter: TierFilter, attribute: Attribute): boolean {
  if ('keep' in filter) return filter.keep(attribute);
  const tier = attribute.tier;
  if ('only' in filter) return tier === filter.only;
  // `company` (the owner's own) reads every attribute; an unknown tier reads none above public.
  if (filter.upTo === 'company') return true;
  const reader = ORDER.indexOf(filter.upTo as (typeof ORDER)[number]);
  const own = ORDER.indexOf(tier as (typeof ORDER)[number]);
  return own !== -1 && own <= Math.max(0, reader);
}

/** RFC 6901: the reference tokens of a pointer (`` is the document). */
export const tokensOf = segmentsOf;
export const valueAt = valueAtSegments;

const join = (tokens: readonly string[]): string => tokens.map((t) => `/${escaped(t)}`).join('');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a list item is one an attribute's `where` picks (every field of it equal; none: every item). */
export const picks = (where: Readonly<Record<string, unknown>> | undefined, item: unknown): boolean =>
  where === undefined || (isObject(item) && Object.entries(where).every(([field, value]) => item[field] === value));

/**
 * The concrete places (pointers, list indexes resolved) of an attribute's values in a document:
 * its pointer, or for an attribute in a list's items, its place in each picked item that has it,
 * each with the item's selector fields (`selectors`, the fields any `where` of the list names).
 */
export function placesOf(attribute: Attribute, document: unknown, selectors: readonly string[] = []): string[][] {
  if (attribute.pointer === undefined) return [];
  const base = tokensOf(attribute.pointer);
  if (!attribute.item) return valueAt(document, base) === undefined ? [] : [base];
  const list = valueAt(document, base);
  if (!Array.isArray(list)) return [];
  const inner = tokensOf(attribute.item.pointer);
  const where = attribute.item.where;
  return list.flatMap((item, index) => {
    if (!picks(where, item) || valueAt(item, inner) === undefined) return [];
    const at = [...base, String(index)];
    const keys = selectors.filter((field) => isObject(item) && Object.hasOwn(item, field));
    return [[...at, ...inner], ...keys.map((field) => [...at, field])];
  });
}

/** Per list (its aspect and pointer), the fields the `where`s of its attributes name. */
function selectorsOf(attributes: readonly Attribute[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const attribute of attributes) {
    if (attribute.pointer === undefined || !attribute.item?.where) continue;
    const known = out.get(attribute.pointer) ?? [];
    for (const field of Object.keys(attribute.item.where)) if (!known.includes(field)) known.push(field);
    out.set(attribute.pointer, known);
  }
  return out;
}

/**
 * `document` with only what is at `kept` (whole) and the structure leading there: a list keeps
 * its order but not the items left empty; an object or list left empty is removed (undefined).
 */
function project(node: unknown, path: string, kept: Set<string>, prefixes: Set<string>): unknown {
  if (kept.has(path)) return node;
  if (!prefixes.has(path)) return undefined;
  if (Array.isArray(node)) {
    const items = node
      .map((item, index) => project(item, `${path}/${index}`, kept, prefixes))
      .filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isObject(node)) {
    const entries = Object.entries(node).flatMap(([key, value]) => {
      const out = project(value, `${path}/${escaped(key)}`, kept, prefixes);
      return out === undefined ? [] : [[key, out] as const];
    });
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return undefined;
}

/** One aspect's document as `filter` reads it; undefined when nothing of it is left. */
export function filterAspect(
  attributes: readonly Attribute[],
  document: unknown,
  filter: TierFilter,
): Record<string, unknown> | undefined {
  const selectors = selectorsOf(attributes);
  const kept = new Set<string>();
  for (const attribute of attributes) {
    if (!visible(filter, attribute)) continue;
    for (const place of placesOf(attribute, document, selectors.get(attribute.pointer ?? '') ?? []))
      kept.add(join(place));
  }
  const prefixes = new Set<string>(['']);
  for (const path of kept) {
    const tokens = tokensOf(path);
    for (let i = 1; i < tokens.length; i++) prefixes.add(join(tokens.slice(0, i)));
  }
  const out = project(document, '', kept, prefixes);
  return isObject(out) ? out : undefined;
}

/**
 * A passport's aspect documents (aspect id → document) as `filter` reads them, in the profile's
 * order of aspects: an aspect the profile does not have, or one left empty, is not there.
 */
export function filterAspects(
  profile: Profile,
  aspects: Readonly<Record<string, unknown>> | undefined,
  filter: TierFilter,
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const aspect of profile.aspects) {
    const document = aspects?.[aspect.id];
    if (document === undefined) continue;
    const filtered = filterAspect(aspect.attributes, document, filter);
    if (filtered) out[aspect.id] = filtered;
  }
  return out;
}
