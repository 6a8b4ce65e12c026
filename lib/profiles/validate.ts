import type { Aspect, ValueType } from './format';
import { escaped, segmentsOf } from './pointer';

/**
 * Validates an aspect's document against its profile (docs/profiles.md, Validating a document):
 * generic, driven by the aspect's attributes alone, so no sector lives here.
 *
 * The aspect's attributes are compiled once into a tree of places (`Place`): each attribute's
 * value type at its pointer (for a value inside a list's items, at its place in every item), the
 * fields a nested type names, the fields of the `where` that picks the items, and the aspect's
 * `unmapped` fields, which are taken as they are. A document then holds when
 * - every value has the type of each attribute, or nested field, at its place: a number or
 *   integer in its range, a string matching its pattern, one of an enum's values, a date in its
 *   form, an absolute URI, a boolean, an object, a list;
 * - every field an object type marks `required` is there when the object is;
 * - every field is a place of the tree: a field no attribute, nested field or `unmapped` entry
 *   names is refused (fail closed: a misspelt field would otherwise be stored and never shown);
 * - every value can be stored (DynamoDB: numbers within ±1e126 and 38 digits, no empty key,
 *   nesting at most MAX_DEPTH deep).
 * Every problem is reported, up to MAX_PROBLEMS, each `{path, message}` with an RFC 6901 pointer
 * into the document.
 */

export interface DocumentProblem {
  path: string;
  message: string;
}

/** At most this many problems are reported (the first ones, in document order). */
export const MAX_PROBLEMS = 100;
/** Nesting at most this deep below the document (DynamoDB allows 32 levels in an item, the DPP's own two included). */
export const MAX_DEPTH = 24;

/** A place in an aspect's documents, compiled from its attributes. */
interface Place {
  /** The value types of the attributes and nested fields here (their nested parts are places of their own). */
  types: ValueType[];
  /** An object's fields, each a place. */
  fields?: Map<string, Place>;
  /** The fields an object here must have when it is there. */
  required?: Set<string>;
  /** An object with free keys (a text per language): the place of each value. */
  entries?: Place;
  /** A list: the place of each item. */
  item?: Place;
  /** On a pointer's way: must be an object (a list's items: a list). */
  container?: 'object' | 'list';
  /** A field of a `where`: the values that pick items (a value here must be of one of their JSON types). */
  picks?: Array<string | number | boolean>;
  /** Named by `unmapped`: any value is taken here. */
  loose?: boolean;
}

const newPlace = (): Place => ({ types: [] });

const field = (place: Place, name: string): Place => {
  place.fields ??= new Map();
  let child = place.fields.get(name);
  if (!child) {
    child = newPlace();
    place.fields.set(name, child);
  }
  return child;
};

/** The place at a pointer, making the way to it: each place on the way is an object. */
function placeAt(root: Place, pointer: string): Place {
  let place = root;
  for (const segment of segmentsOf(pointer)) {
    place.container ??= 'object';
    place = field(place, segment);
  }
  return place;
}

function addType(place: Place, type: ValueType): void {
  place.types.push(type);
  for (const [name, nested] of Object.entries(type.fields ?? {})) {
    addType(field(place, name), nested);
    if (nested.required) {
      place.required ??= new Set();
      place.required.add(name);
    }
  }
  if (type.entries) {
    place.entries ??= newPlace();
    addType(place.entries, type.entries);
  }
  if (type.items) {
    place.item ??= newPlace();
    addType(place.item, type.items);
  }
}

const compiled = new WeakMap<Aspect, Place>();

/** The tree of an aspect's places, compiled once per aspect (a profile is fixed for the life of a function). */
function placesOf(aspect: Aspect): Place {
  const known = compiled.get(aspect);
  if (known) return known;
  const root: Place = { types: [], container: 'object' };
  for (const attribute of aspect.attributes) {
    if (attribute.pointer === undefined || !attribute.type) continue;
    const place = placeAt(root, attribute.pointer);
    if (!attribute.item) {
      addType(place, attribute.type);
      continue;
    }
    place.container = 'list';
    place.item ??= newPlace();
    const item = place.item;
    item.container ??= 'object';
    for (const [name, value] of Object.entries(attribute.item.where ?? {})) {
      const pick = field(item, name);
      pick.picks ??= [];
      pick.picks.push(value);
    }
    addType(placeAt(item, attribute.item.pointer), attribute.type);
  }
  for (const unmapped of aspect.unmapped ?? []) placeAt(root, unmapped.pointer).loose = true;
  compiled.set(aspect, root);
  return root;
}

/** Where a value is, built only when a problem is reported: its parent's place and its key. */
type Where = { readonly up: Where; readonly key: string } | undefined;
const pointerOf = (where: Where): string => {
  const keys: string[] = [];
  for (let at = where; at; at = at.up) keys.push(escaped(at.key));
  return keys.length === 0 ? '' : `/${keys.reverse().join('/')}`;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A scheme, then no blank, control character or character RFC 3986 never allows unescaped. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s"<>\\^`{|}\p{Cc}]*$/u;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const validDay = (year = '', month = '', day = '') =>
  Number(month) >= 1 && Number(month) <= 12 && Number(day) >= 1 && Number(day) <= daysIn(Number(year), Number(month));

function dateProblem(value: string, format: ValueType['format']): string | undefined {
  if (format === 'year-month') return YEAR_MONTH.test(value) ? undefined : 'must be a year and month, such as 2027-02';
  if (format === 'date') {
    const m = DATE.exec(value);
    return m && validDay(m[1], m[2], m[3]) ? undefined : 'must be a date, such as 2027-02-18';
  }
  const m = DATE_TIME.exec(value);
  const ok =
    m &&
    validDay(m[1], m[2], m[3]) &&
    Number(m[4]) <= 23 &&
    Number(m[5]) <= 59 &&
    Number(m[6]) <= 60 &&
    (m[7] === undefined || (Number(m[7]) <= 23 && Number(m[8]) <= 59));
  return ok ? undefined : 'must be an RFC 3339 date-time, such as 2027-02-18T09:30:00Z';
}

const patterns = new Map<string, RegExp>();
const patternOf = (source: string): RegExp => {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source, 'u');
    patterns.set(source, pattern);
  }
  return pattern;
};

const withUnit = (n: number, type: ValueType) => (type.unit ? `${n} ${type.unit}` : String(n));

/** What is wrong with a value for one type, its nested parts aside; undefined when it holds. */
function typeProblem(value: unknown, type: ValueType): string | undefined {
  switch (type.type) {
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return `must be a number${type.unit ? ` (in ${type.unit})` : ''}`;
      if (type.type === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
      if (type.minimum !== undefined && value < type.minimum) return `must be at least ${withUnit(type.minimum, type)}`;
      if (type.maximum !== undefined && value > type.maximum) return `must be at most ${withUnit(type.maximum, type)}`;
      return undefined;
    }
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      return type.pattern !== undefined && !patternOf(type.pattern).test(value)
        ? `must match ${type.pattern}`
        : undefined;
    case 'enum':
      return type.values?.includes(value as string | number | boolean)
        ? undefined
        : `must be one of ${type.values?.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'date':
      return typeof value === 'string' ? dateProblem(value, type.format) : dateProblem('', type.format);
    case 'uri':
      return typeof value === 'string' && URI.test(value) && URL.canParse(value)
        ? undefined
        : 'must be an absolute URI, such as https://example.com/a';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'object':
      return isObject(value) ? undefined : 'must be an object';
    case 'list':
      return Array.isArray(value) ? undefined : 'must be a list';
  }
}

/** DynamoDB's number range: magnitudes from 1e-130 to below 1e126. */
const storableNumber = (n: number) => n === 0 || (Math.abs(n) >= 1e-130 && Math.abs(n) < 1e126);

/** What DynamoDB could not store, anywhere under a value (also under `unmapped` fields). */
function storageProblems(value: unknown, where: Where, depth: number, out: DocumentProblem[]): void {
  if (out.length >= MAX_PROBLEMS) return;
  if (typeof value === 'number') {
    if (!storableNumber(value))
      out.push({ path: pointerOf(where), message: 'is a number out of the range that can be stored (±1e126)' });
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth > MAX_DEPTH) {
    out.push({ path: pointerOf(where), message: `is nested deeper than ${MAX_DEPTH} levels` });
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) storageProblems(value[i], { up: where, key: String(i) }, depth + 1, out);
    return;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key === '') out.push({ path: `${pointerOf(where)}/`, message: 'is an empty name, which no field has' });
    else storageProblems((value as Record<string, unknown>)[key], { up: where, key }, depth + 1, out);
  }
}

function check(value: unknown, place: Place, where: Where, out: DocumentProblem[]): void {
  if (out.length >= MAX_PROBLEMS || place.loose) return;
  for (const type of place.types) {
    const problem = typeProblem(value, type);
    if (problem !== undefined) {
      out.push({ path: pointerOf(where), message: problem });
      return;
    }
  }
  if (place.picks && place.types.length === 0 && !place.picks.some((pick) => typeof pick === typeof value)) {
    const kind = typeof place.picks[0];
    out.push({ path: pointerOf(where), message: `must be a ${kind}` });
    return;
  }
  if (place.fields || place.entries || place.container === 'object') {
    if (!isObject(value)) {
      out.push({ path: pointerOf(where), message: 'must be an object' });
      return;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const child = place.fields?.get(key) ?? place.entries;
      if (child) check(value[key], child, { up: where, key }, out);
      else if (out.length < MAX_PROBLEMS)
        out.push({ path: pointerOf({ up: where, key }), message: 'is not a field of the profile here' });
    }
    if (place.required)
      for (const name of place.required)
        if (!Object.hasOwn(value, name) && out.length < MAX_PROBLEMS)
          out.push({ path: pointerOf({ up: where, key: name }), message: 'is required' });
  } else if (place.item || place.container === 'list') {
    if (!Array.isArray(value)) {
      out.push({ path: pointerOf(where), message: 'must be a list' });
      return;
    }
    const { item: itemPlace } = place;
    if (itemPlace)
      for (let i = 0; i < value.length; i++) check(value[i], itemPlace, { up: where, key: String(i) }, out);
  }
}

/** Every problem of a document for an aspect (docs/profiles.md): empty when it holds. */
export function documentProblems(aspect: Aspect, document: unknown): DocumentProblem[] {
  const out: DocumentProblem[] = [];
  storageProblems(document, undefined, 0, out);
  if (out.length > 0) return out;
  check(document, placesOf(aspect), undefined, out);
  return out;
}

/**
 * What a place of an aspect's documents holds, by an RFC 6901 pointer (a list's items by index):
 * the value types there and whether it is a list. Undefined where no place is (a field the
 * profile does not have, or under an `unmapped` one). For reading text cells (a CSV's) as values.
 */
export function placeKinds(aspect: Aspect, pointer: string): { types: ValueType[]; list: boolean } | undefined {
  let place: Place | undefined = placesOf(aspect);
  for (const segment of segmentsOf(pointer)) {
    if (!place || place.loose) return undefined;
    place = place.item && /^(0|[1-9]\d*)$/.test(segment) ? place.item : (place.fields?.get(segment) ?? place.entries);
  }
  if (!place || place.loose) return undefined;
  return { types: place.types, list: Boolean(place.item) || place.container === 'list' };
}
