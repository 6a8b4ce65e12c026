import type { Aspect } from './format';
import { segmentsOf } from './pointer';
import { placeKinds } from './validate';

/**
 * An aspect's document from a row's cells (a CSV's or a spreadsheet's `<Aspect>:<JSON pointer>`
 * columns, docs/behaviour.md, Bulk import): each cell's text put at its pointer, objects made on
 * the way (a list where the profile has one and the segment is an index), and read as the value
 * the profile's type there takes: a number or an integer as a number, a boolean from `true` or
 * `false`, an object or a list from JSON; anything else, or text that does not read so, stays
 * text (validation then names what is wrong, at the cell's pointer).
 */
export function documentOfCells(aspect: Aspect, cells: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const [pointer, cell] of Object.entries(cells)) {
    const segments = segmentsOf(pointer);
    const last = segments.pop();
    if (last === undefined) continue;
    let at: Record<string, unknown> | unknown[] = document;
    let path = '';
    for (const [i, segment] of segments.entries()) {
      path += `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const next = (at as Record<string, unknown>)[segment];
      if (typeof next === 'object' && next !== null) {
        at = next as Record<string, unknown>;
        continue;
      }
      const index = /^(0|[1-9]\d*)$/.test(segments[i + 1] ?? last);
      const made = index && placeKinds(aspect, path)?.list ? [] : {};
      (at as Record<string, unknown>)[segment] = made;
      at = made;
    }
    (at as Record<string, unknown>)[last] = typeof cell === 'string' ? cellValue(aspect, pointer, cell) : cell;
  }
  return document;
}

/** A cell's text as the value the profile's type at `pointer` takes (text when it does not read so). */
export function cellValue(aspect: Aspect, pointer: string, text: string): unknown {
  const kinds = placeKinds(aspect, pointer);
  const types = new Set(kinds?.types.map((type) => type.type));
  if (kinds?.list) types.add('list');
  const trimmed = text.trim();
  if ((types.has('number') || types.has('integer')) && trimmed !== '' && Number.isFinite(Number(trimmed)))
    return Number(trimmed);
  if (types.has('enum')) {
    const value = kinds?.types.flatMap((type) => type.values ?? []).find((candidate) => String(candidate) === trimmed);
    if (value !== undefined) return value;
  }
  if (types.has('boolean') && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  if (types.has('object') || types.has('list')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return text;
    }
  }
  return text;
}
