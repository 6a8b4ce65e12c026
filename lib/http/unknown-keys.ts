import type { AnySchema } from '../api/contract';

/**
 * Fail closed on names a route does not know (docs/behaviour.md, Input): every query parameter,
 * JSON property (at any depth) and multipart part a request sends must be one its row's input
 * schema declares, or the request is 400 naming each unknown one. valibot's `v.object` drops
 * unknown keys silently, so an upload sending `tier=…` for `access_tier=…` would store a public
 * file; this check runs before the schema, on every row, so no row has to remember to be
 * strict. Headers are not checked (clients and proxies add their own), nor path parameters
 * (the route's path fixes them).
 *
 * A schema that says it takes other keys keeps them: `v.looseObject` (the resolver's query,
 * passed on to its redirect as GS1 Digital Link asks), `v.objectWithRest` and `v.record`
 * (whose keys the schema itself checks). A `v.strictObject` reports its own unknown keys in
 * its own words; only its entries are walked here.
 */

export interface UnknownKey {
  /** The path from the part of the request: `tier`, `userData.colour`. */
  path: string;
  message: string;
}

/** The parts of a request checked: what the schema's `query` and `body` declare. */
const CHECKED = { query: 'query parameter', body: 'field' } as const;

// A valibot schema, as far as its structure goes.
interface Node {
  type: string;
  entries?: Record<string, Node>;
  wrapped?: Node;
  options?: Node[];
  item?: Node;
  items?: Node[];
}

/** What a schema is, under its wrappers (`optional`, `nullable`, …; a pipe keeps its root's type). */
function unwrap(schema: Node): Node {
  let node = schema;
  while (node.wrapped !== undefined) node = node.wrapped;
  return node;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/** The object schemas a value may be checked against: the schema, or the object options of a union. */
function objectsOf(schema: Node): Node[] {
  const node = unwrap(schema);
  if (node.entries !== undefined) return [node];
  if (node.options !== undefined) return node.options.flatMap(objectsOf);
  return [];
}

function walk(schema: Node, value: unknown, path: string[], noun: string, found: UnknownKey[]): void {
  const node = unwrap(schema);
  if (Array.isArray(value)) {
    if (node.item !== undefined)
      for (const [i, item] of value.entries()) walk(node.item, item, [...path, `${i}`], noun, found);
    if (node.items !== undefined)
      for (const [i, item] of value.entries())
        if (node.items[i]) walk(node.items[i], item, [...path, `${i}`], noun, found);
    return;
  }
  if (!isRecord(value)) return;
  const objects = objectsOf(node);
  if (objects.length === 0) return;
  // Open objects declare they take other keys; a strict one reports them itself.
  const closed = objects.every((object) => object.type === 'object');
  const known = new Set(objects.flatMap((object) => Object.keys(object.entries ?? {})));
  for (const key of Object.keys(value)) {
    const entry = objects.find((object) => object.entries && Object.hasOwn(object.entries, key))?.entries?.[key];
    if (entry !== undefined) walk(entry, value[key], [...path, key], noun, found);
    else if (closed) found.push({ path: [...path, key].join('.'), message: unknownMessage(noun, [...known]) });
  }
}

const unknownMessage = (noun: string, known: string[]) =>
  known.length === 0
    ? `is not a ${noun} of this route (it takes none)`
    : `is not a ${noun} of this route (${known.join(', ')})`;

/**
 * A body sent to a route that declares none, as it came (text, or bytes when base64-encoded):
 * undefined when there is nothing in it (no body, blanks or `{}`), the JSON object it holds, or
 * the text itself. Never silently ignored: `POST /registry-exports` with `{"since": …}` must not
 * export everything as if the field were a filter it knows.
 */
function unparsedBody(value: unknown): unknown {
  if (isRecord(value)) return Object.keys(value).length === 0 ? undefined : value;
  const text = Buffer.isBuffer(value) ? value.toString() : typeof value === 'string' ? value : undefined;
  if (text === undefined || text.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) && Object.keys(parsed).length === 0 ? undefined : parsed;
  } catch {
    return text;
  }
}

/**
 * The query parameters and body fields (JSON properties or multipart parts) of a request that
 * the input schema does not declare, each with its path and a message naming what is known.
 */
export function unknownKeys(schema: AnySchema, raw: { query: unknown; body: unknown }): UnknownKey[] {
  const [root] = objectsOf(schema as unknown as Node);
  if (root?.entries === undefined) return [];
  const found: UnknownKey[] = [];
  for (const part of ['query', 'body'] as const) {
    const declared = root.entries[part];
    const value = raw[part];
    if (declared === undefined) {
      // A part the schema does not declare takes nothing; a route without a body never parses
      // one, so its raw text is read here: a JSON object names its keys, anything else is refused whole.
      const sent = part === 'body' ? unparsedBody(value) : value;
      if (isRecord(sent))
        for (const key of Object.keys(sent)) found.push({ path: key, message: unknownMessage(CHECKED[part], []) });
      else if (sent !== undefined) found.push({ path: 'body', message: 'is not taken by this route: send none' });
    } else walk(declared, value, [], CHECKED[part], found);
  }
  return found;
}
