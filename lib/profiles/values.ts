import type { Attribute } from './format';
import { segmentsOf } from './pointer';

/**
 * Where an attribute's value is in its aspect's document, read (docs/profiles.md): the value at
 * its pointer, or for a value inside a list's items, the values at its place in each item its
 * `where` picks. Generic: the attribute says where, nothing here knows a sector.
 */

/** The value at an RFC 6901 pointer of a document, or undefined. */
export const valueAt = (document: unknown, pointer: string): unknown => valueAtSegments(document, segmentsOf(pointer));

/** The value at a pointer's segments (unescaped) in a document, or undefined. */
export function valueAtSegments(document: unknown, segments: readonly string[]): unknown {
  let value = document;
  for (const segment of segments) {
    if (Array.isArray(value) && /^(0|[1-9]\d*)$/.test(segment)) value = value[Number(segment)];
    else if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, segment))
      value = (value as Record<string, unknown>)[segment];
    else return undefined;
  }
  return value;
}

/** Whether a value counts as given: not absent, `null`, an empty string, an empty list or an empty object. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** Whether an item of a list is one an attribute's `where` picks. */
export const picks = (attribute: Pick<Attribute, 'item'>, item: unknown): boolean =>
  Object.entries(attribute.item?.where ?? {}).every(([name, value]) => valueAtSegments(item, [name]) === value);

/**
 * An attribute's value in a document: the value at its pointer; for a value in a list's items,
 * the list of the present values of the items it picks (undefined when none has one). A composed
 * attribute has no value of its own (undefined).
 */
export function attributeValue(document: unknown, attribute: Pick<Attribute, 'pointer' | 'item'>): unknown {
  if (attribute.pointer === undefined) return undefined;
  const value = valueAt(document, attribute.pointer);
  if (!attribute.item) return value;
  if (!Array.isArray(value)) return undefined;
  const { pointer } = attribute.item;
  const found = value
    .filter((item) => picks(attribute, item))
    .map((item) => valueAt(item, pointer))
    .filter(isPresent);
  return found.length > 0 ? found : undefined;
}
