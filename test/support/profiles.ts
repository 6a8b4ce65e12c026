import { isDeepStrictEqual } from 'node:util';
import { picks, tokensOf, valueAt } from '../../lib/profiles/filter';
import { type Attribute, attributesOf, type Profile, type ValueType } from '../../lib/profiles/format';

/**
 * A passport's aspect documents filled from its profile alone: every attribute with a value of its
 * type (its id in each text, so values differ), every nested field too. Not plausible data (the
 * example files are: lib/profiles/data/examples/), but every attribute of the profile is there,
 * which is what a per-attribute test needs.
 */
export function fullAspects(profile: Profile): Record<string, Record<string, unknown>> {
  let counter = 0;
  const sample = (type: ValueType, marker: string): unknown => {
    counter++;
    switch (type.type) {
      case 'number':
      case 'integer': {
        const min = type.minimum ?? 0;
        const span = (type.maximum ?? min + 1000) - min;
        const n = min + (counter % Math.max(1, Math.floor(span)));
        return type.type === 'integer' ? Math.round(n) : n + 0.5 <= min + span ? n + 0.5 : n;
      }
      case 'string':
        return marker;
      case 'enum':
        return type.values?.[0];
      case 'date':
        return type.format === 'date-time' ? '2025-03-14T09:00:00Z' : type.format === 'date' ? '2025-03-14' : '2025-03';
      case 'uri':
        return `https://example.com/${marker}`;
      case 'boolean':
        return true;
      case 'object':
        if (type.entries) return { en: sample(type.entries, `${marker}-en`) };
        return Object.fromEntries(
          Object.entries(type.fields ?? {}).map(([name, field]) => [name, sample(field, `${marker}-${name}`)]),
        );
      case 'list':
        return type.items ? [sample(type.items, `${marker}-item`)] : [];
    }
  };
  const out: Record<string, Record<string, unknown>> = {};
  const attributes = attributesOf(profile);
  // Whole values first, then the values in a list's items (which may fill items a whole list made).
  const ordered = [...attributes.filter((a) => !a.item), ...attributes.filter((a) => a.item)];
  for (const attribute of ordered) {
    if (attribute.pointer === undefined || !attribute.type) continue;
    out[attribute.aspect] ??= {};
    const document = out[attribute.aspect] as Record<string, unknown>;
    const value = sample(attribute.type, attribute.id);
    if (!attribute.item) {
      setAt(document, tokensOf(attribute.pointer), value);
      continue;
    }
    let list = valueAt(document, tokensOf(attribute.pointer));
    if (!Array.isArray(list)) {
      list = [];
      setAt(document, tokensOf(attribute.pointer), list);
    }
    const items = list as Record<string, unknown>[];
    let item = items.find((candidate) => picks(attribute.item?.where, candidate));
    if (!item) {
      item = { ...attribute.item.where };
      items.push(item);
    }
    setAt(item, tokensOf(attribute.item.pointer), value);
  }
  return out;
}

function setAt(document: Record<string, unknown>, tokens: string[], value: unknown) {
  let node = document;
  for (const token of tokens.slice(0, -1)) {
    if (typeof node[token] !== 'object' || node[token] === null) node[token] = {};
    node = node[token] as Record<string, unknown>;
  }
  node[tokens.at(-1) as string] = value;
}

/**
 * Whether `shown` (aspect id → document, as a reader got it) shows the attribute as `stored` holds
 * it: its whole value at its place (each picked item's, in an item of the shown list the same
 * `where` picks); an attribute made of others when they all are shown.
 */
export function shows(
  profile: Profile,
  attribute: Attribute & { aspect: string },
  shown: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
): boolean {
  if (attribute.composedOf) {
    const all = attributesOf(profile);
    return attribute.composedOf.every((id) => {
      const part = all.find((a) => a.id === id);
      return part !== undefined && shows(profile, part, shown, stored);
    });
  }
  const base = tokensOf(attribute.pointer ?? '');
  const have = valueAt(shown[attribute.aspect], base);
  const want = valueAt(stored[attribute.aspect], base);
  if (want === undefined) throw new Error(`the stored documents lack ${attribute.id}`);
  if (!attribute.item) return isDeepStrictEqual(have, want);
  const inner = tokensOf(attribute.item.pointer);
  const where = attribute.item.where;
  const values = (list: unknown) =>
    Array.isArray(list)
      ? list
          .filter((item) => picks(where, item))
          .map((item) => valueAt(item, inner))
          .filter((v) => v !== undefined)
      : [];
  const wanted = values(want);
  const got = values(have);
  return wanted.length > 0 && wanted.every((value) => got.some((other) => isDeepStrictEqual(value, other)));
}
