import fc from 'fast-check';
import type { AnySchema, Route } from '../../lib/api/contract';
import { isCatchAll } from '../../lib/api/routes';
import { filePart } from '../../lib/files/upload';
import { isSingleLine } from '../../lib/text';

/**
 * fast-check arbitraries for requests to a route, generated from its row: the route's own
 * valibot input schema (walked directly, because the multipart text fields' rules sit
 * behind a transform that the JSON Schema of the OpenAPI document cannot show), its path,
 * auth and body encoding. Used by the contract fuzz suite (test/fuzz/).
 *
 * A generated case is symbolic: ids are references (`{ ref: 'own', name: 'dppId' }`) that
 * the fuzz resolves against the records it set up when it sends the case, values that
 * must reach the wire as they are (`..`, `%E0%A4%A`) are `raw`, and bodies are models
 * (parts, framing, content type) rendered to bytes at send time. So a failing case shrinks
 * to its one hostile piece and prints readably.
 *
 * The walker knows the schema constructs the rows use, plus the usual ones a JSON body
 * brings (numbers, booleans, arrays, unions). Anything else throws, naming the construct,
 * so a new route with a new construct fails the fuzz instead of being fuzzed with nothing.
 */

// biome-ignore lint/suspicious/noExplicitAny: valibot schemas are walked by their runtime shape
type Node = any;

/** Where a value stands in for something real: the fuzz resolves it when it sends the case. */
export type Pool = 'own' | 'foreign' | 'demo' | 'demoForeign';

export type Piece =
  /**
   * A real value of the fuzz's world, looked up by the field's name (see `poolName`); `list`: the
   * pool's whole list of values, for a JSON array field (`relatedDppIds`); `parse`: the pool's
   * value is the JSON text of a JSON object field (KYB's `userData`); `pick`: which of the pool's
   * values, when the pool holds several to choose among (see `PoolNames.many`).
   */
  | { ref: Pool; name: string; list?: true; parse?: true; pick?: number }
  /** A value, encoded as its place needs (percent-encoding in a path or query). */
  | { text: string }
  /** Characters put on the wire exactly as they are (a bad percent-encoding, a raw `..`). */
  | { raw: string }
  /** Not sent at all (an empty segment in a path). */
  | { omit: true };

/**
 * `at-limit`: exactly the 4 MiB a file may have; `oversize`: one byte more; `body-oversize`:
 * a body over the functions' multipart limit.
 */
export type FileContent =
  | 'pdf'
  | 'png'
  | 'csv'
  | 'text'
  | 'json'
  | 'empty'
  | 'at-limit'
  | 'oversize'
  | 'body-oversize'
  | 'zip'
  | { bytes: number[] };

export interface PartCase {
  /** The form-data name; null sends a part without a name. */
  name: string | null;
  value?: Piece;
  file?: { filename: string; type?: string; content: FileContent };
  /** Header lines of the part added as they are (a `Content-Disposition` twice, a header that never ends). */
  extraHeaders?: string;
  /** The whole `Content-Disposition` value, in place of the one `name` and `file` make. */
  disposition?: string;
}

/** How the content-type header of a multipart body names (or fails to name) the boundary. */
export type MultipartType =
  | 'plain'
  | 'quoted'
  | 'compact-uppercase'
  | 'wrong-boundary'
  | 'no-boundary'
  | 'empty-boundary'
  | 'two-boundaries'
  | 'none'
  | { raw: string };

/** How the parts are framed: correctly, or in one of the ways clients and attackers get it wrong. */
export type Framing =
  | 'proper'
  | 'close-without-crlf'
  | 'no-close'
  | 'close-without-final-crlf'
  | 'preamble-and-epilogue'
  | 'lf-only'
  | 'close-only'
  | 'nothing';

export type BodyCase =
  | { kind: 'none' }
  | { kind: 'multipart'; boundary: string; type: MultipartType; parts: PartCase[]; framing: Framing; cut?: number }
  | { kind: 'json'; value: JsonValue; type: string | null; cut?: number }
  /** Any bytes: `text`, or `text` repeated `repeat` times (a body over a size limit, printed short). */
  | { kind: 'raw'; type: string | null; text: string; repeat?: number };

/** A JSON body: an object of fields (each a Piece, sent as a string, or any JSON value), or any JSON at all. */
export type JsonValue = { fields: Array<[string, Piece | { json: unknown }]> } | { literal: unknown };

export type AuthCase =
  | 'own'
  | 'foreign'
  | 'none'
  | 'expired'
  | 'forged'
  | 'wrongAudience'
  | { scheme: string; token: 'own' | 'raw'; raw?: string; suffix?: string };

export interface RequestCase {
  fn: string;
  /** The dimensions this case fuzzes (see `dimensionsOf`); the others are the caller's own real values. */
  hot: string[];
  method: string;
  /** Path parameters by name; for the catch-all, the whole path as `rawPath`. */
  params: Record<string, Piece>;
  rawPath?: string;
  query: Array<[string, Piece]>;
  auth: AuthCase;
  headers: Array<[string, Piece]>;
  body: BodyCase;
}

/** The world's pools a field can draw real values from (see `poolName`). */
export interface PoolNames {
  /** Normalised names (`dppid`, `templateid`) that have real values, by pool. */
  has: (pool: Pool, name: string) => boolean;
  /**
   * Whether the pool holds several real values for the name, each a case may send (an operator
   * of the company, a demo promotional code): the case then says which one (`pick`), so it
   * replays and shrinks (towards the first) like any other choice.
   */
  many?: (pool: Pool, name: string) => boolean;
}

/** `dpp_id`, `dppId`, `DppID` → `dppid`: path parameters and body fields that name the same thing share a pool. */
export const poolName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

// ---------------------------------------------------------------------------------------------
// The schema walker

/** The request parts of a route's input schema: `{ params, query, headers, body }`. */
export function requestParts(input: AnySchema): Partial<Record<'params' | 'query' | 'headers' | 'body', Node>> {
  const root = input as Node;
  if (!isObject(root)) throw new Error(`the input schema is ${describe(root)}, not an object of request parts`);
  const unknown = Object.keys(root.entries).filter((k) => !['params', 'query', 'headers', 'body'].includes(k));
  if (unknown.length > 0) throw new Error(`the input schema has request parts the fuzz does not know: ${unknown}`);
  return root.entries;
}

export interface Field {
  name: string;
  optional: boolean;
  schema: Node;
  /** A multipart file part (the schema is `filePart`). */
  file: boolean;
}

/** The fields of an object schema (a request part), optional ones unwrapped. */
export function fieldsOf(part: Node | undefined): Field[] {
  if (part === undefined) return [];
  if (!isObject(part)) throw new Error(`a request part is ${describe(part)}, not an object`);
  return Object.entries<Node>(part.entries).map(([name, schema]) => {
    const optional = ['optional', 'nullish', 'exact_optional', 'undefinedable'].includes(schema.type);
    const inner = optional ? schema.wrapped : schema;
    return { name, optional, schema: inner, file: unwrapOptional(inner) === filePart };
  });
}

const isObject = (s: Node) =>
  s?.kind === 'schema' && ['object', 'strict_object', 'loose_object', 'object_with_rest'].includes(s.type);
const describe = (s: Node) => `${s?.kind}:${s?.type}`;
const unwrapOptional = (s: Node): Node =>
  ['optional', 'nullish', 'exact_optional', 'undefinedable'].includes(s?.type) ? unwrapOptional(s.wrapped) : s;

/** Pipe actions that only normalise, or check across fields: nothing to generate for. */
const PASSIVE = new Set([
  'trim',
  'trim_start',
  'trim_end',
  'to_lower_case',
  'to_upper_case',
  'normalize',
  'transform',
  'check',
  'partial_check',
  'raw_check',
  // A parser over the whole text (a Digital Link path): its examples are what is valid.
  'raw_transform',
  'brand',
  'readonly',
  'description',
  'title',
  'metadata',
  'examples',
]);

/** The marker a file field's valid value is: the fuzz makes it a file part. */
export const FILE = Symbol('file part');

/** A value the schema accepts (as a client sends it), for the constructs the rows use. */
export function validValue(schema: Node, at = 'value'): fc.Arbitrary<unknown> {
  if (schema === filePart) return fc.constant(FILE);
  switch (schema?.type) {
    case 'optional':
    case 'nullish':
    case 'exact_optional':
    case 'undefinedable':
      return validValue(schema.wrapped, at);
    case 'nullable':
      return fc.option(validValue(schema.wrapped, at), { nil: null });
    case 'string':
      return stringValue(schema, at);
    case 'picklist':
    case 'enum':
      return fc.constantFrom(...(schema.options as unknown[]));
    case 'literal':
      return fc.constant(schema.literal);
    case 'boolean':
      return fc.boolean();
    case 'number':
      return numberValue(schema);
    case 'array': {
      const find = (type: string) => actionsOf(schema, at).find((a: Node) => a.type === type)?.requirement;
      const minLength = Number(find('min_length') ?? 0);
      const maxLength = Math.max(minLength, Math.min(3, Number(find('max_length') ?? 3)));
      // Distinct items: valid for a list that refuses repeats (a check) as for one that does not.
      return fc.uniqueArray(validValue(schema.item, `${at}[]`), { minLength, maxLength });
    }
    case 'union':
    case 'variant':
      return fc.oneof(...(schema.options as Node[]).map((o, i) => validValue(o, `${at}|${i}`)));
    case 'record':
      // Objects by id (a supplied translation's files and cards): a few keys, often none.
      return fc.dictionary(
        validValue(schema.key, `${at}{key}`) as fc.Arbitrary<string>,
        validValue(schema.value, `${at}{}`),
        { maxKeys: 3, noNullPrototype: true },
      );
    case 'object':
    case 'strict_object':
    case 'loose_object': {
      const fields = fieldsOf(schema);
      return fc.record(Object.fromEntries(fields.map((f) => [f.name, validValue(f.schema, `${at}.${f.name}`)])), {
        requiredKeys: fields.filter((f) => !f.optional).map((f) => f.name),
        // As JSON.parse makes them (a nested body object, KYB's userData): String() of a null-prototype object throws.
        noNullPrototype: true,
      });
    }
    default:
      throw new Error(`fuzz: no generator for the valibot construct ${describe(schema)} at ${at}`);
  }
}

function actionsOf(schema: Node, at: string): Node[] {
  const actions: Node[] = (schema.pipe ?? []).slice(1);
  for (const action of actions) {
    if (action.kind === 'schema' || PASSIVE.has(action.type)) continue;
    if (
      !['regex', 'uuid', 'min_length', 'max_length', 'length', 'non_empty', 'min_value', 'max_value'].includes(
        action.type,
      )
    )
      throw new Error(`fuzz: no generator for the valibot action ${describe(action)} at ${at}`);
  }
  return actions;
}

function stringValue(schema: Node, at: string): fc.Arbitrary<string> {
  const actions = actionsOf(schema, at);
  // A pipe that goes on into a schema (an empty-means-absent multipart field): its value is the inner one's.
  const inner = actions.filter((a) => a.kind === 'schema').at(-1);
  if (inner) return validValue(inner, at) as fc.Arbitrary<string>;
  const find = (type: string) => actions.find((a) => a.type === type)?.requirement;
  const minLength: number = find('min_length') ?? find('length') ?? (find('non_empty') === undefined ? 0 : 1);
  const maxLength: number | undefined = find('max_length') ?? find('length');
  const minValue = find('min_value');
  const maxValue = find('max_value');
  // A number sent as text (`?limit=`): its range is checked after a transform to Number.
  if (minValue !== undefined || maxValue !== undefined)
    return fc.integer({ min: Number(minValue ?? 0), max: Number(maxValue ?? 1_000_000) }).map(String);
  if (find('uuid') !== undefined) return fc.uuid({ version: 7 });
  // A rule no generator knows (a GTIN's check digit): the schema's own examples, where it gives some.
  const examples: string[] | undefined = actions.find((a) => a.type === 'examples')?.examples;
  if (examples?.length && actions.some((a) => a.type === 'check' || a.type === 'raw_transform'))
    return fc.constantFrom(...examples);
  const regex: RegExp | undefined = find('regex');
  if (regex)
    return fc.stringMatching(regex).filter((s) => s.length >= minLength && s.length <= (maxLength ?? s.length));
  // A single-line text (lib/text.ts) holds no line break, control or bidirectional character.
  const oneLine = actions.some((a) => a.type === 'check' && a.requirement === isSingleLine);
  return fc
    .oneof(
      fc.string({ unit: 'grapheme-ascii', minLength, maxLength: maxLength ?? 40 }),
      fc.string({ unit: 'grapheme', minLength, maxLength: maxLength ?? 40 }),
    )
    .filter(
      (s) => s.trim().length >= minLength && s.length <= (maxLength ?? s.length) && (!oneLine || isSingleLine(s)),
    );
}

function numberValue(schema: Node): fc.Arbitrary<number> {
  const find = (type: string) => (schema.pipe ?? []).find((a: Node) => a.type === type)?.requirement;
  const integer = (schema.pipe ?? []).some((a: Node) => a.type === 'integer');
  const min = Number(find('min_value') ?? -1e6);
  const max = Number(find('max_value') ?? 1e6);
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
}

// ---------------------------------------------------------------------------------------------
// Hostile values

/** Characters for every place: what a hostile client tries on any text. */
const HOSTILE_TEXT = [
  '',
  ' ',
  '..',
  '.',
  'ünïcødé 日本語 Ελληνικά',
  '\u202Egnp.exe',
  '😀🚲👩‍👩‍👧',
  '\uFFFD',
  'a'.repeat(5000),
  "' OR '1'='1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell probe, literally
  '${jndi:ldap://x/a}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'null',
  '-1',
  '1e309',
  'caf\u00e9',
];
/** Only where raw bytes are text (bodies): NUL, CR/LF, a lone surrogate. */
const HOSTILE_BODY_TEXT = ['a\u0000b', '\u0000', 'a\r\nb', '\r\n--x--\r\n', '\uD800', 'x'.repeat(70_000)];
/** Exactly as they go on the wire in a path or query: encodings a decoder may choke on. */
const HOSTILE_RAW = [
  '..',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '..%2F..%2Fetc%2Fpasswd',
  '%',
  'abc%',
  '%E0%A4%A',
  '%ZZ',
  '%C3',
  '%00',
  'a%00b',
  '%FF%FE',
  '%ED%A0%80',
  '%F0%9F%98%80',
  'caf\u00e9',
  '%u0041',
  'a#b',
  'a?b=c',
  '+',
  '%20',
  'a'.repeat(5000),
  '%41'.repeat(1700),
];

/** Any hostile value for a path segment or query value: a raw encoding, or a text to encode. */
export const hostileUrlPiece: fc.Arbitrary<Piece> = fc.oneof(
  fc.constantFrom(...HOSTILE_RAW).map((raw): Piece => ({ raw })),
  fc.constantFrom(...HOSTILE_TEXT).map((text): Piece => ({ text })),
  fc.string({ unit: 'binary', maxLength: 30 }).map((text): Piece => ({ text })),
);

/** Any hostile value for a header: only what HTTP can carry (no control characters, bytes up to 0xFF). */
export const hostileHeaderPiece: fc.Arbitrary<Piece> = fc.oneof(
  fc
    .constantFrom(...HOSTILE_TEXT, 'a'.repeat(8000))
    // Non-Latin-1 text travels as its UTF-8 bytes, as curl sends it.
    .map((text): Piece => ({ raw: Buffer.from(text, 'utf8').toString('latin1') })),
  fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).map((raw): Piece => ({ raw })),
);

/** Any hostile value for a body field. */
export const hostileBodyPiece: fc.Arbitrary<Piece> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT, ...HOSTILE_BODY_TEXT).map((text): Piece => ({ text })),
  fc.string({ unit: 'binary', maxLength: 30 }).map((text): Piece => ({ text })),
  fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((text): Piece => ({ text })),
);

// ---------------------------------------------------------------------------------------------
// Fields: a real value, a valid-looking one, a hostile one, or none

type Where = 'path' | 'query' | 'header' | 'body';

/**
 * One field's value. Cold (the case fuzzes something else): the caller's own real value, a
 * valid-looking one where the world has none, or nothing when the field is optional. Hot:
 * also another company's ids, unknown ids, hostile text, an empty path segment. Real
 * records that other test files use (`demo`) are only read, never sent to a write that
 * might succeed. Shrinking goes to the first choice, so towards the caller's own value.
 */
function fieldPiece(
  field: Field,
  where: Where,
  pools: PoolNames,
  reads: boolean,
  hot: boolean,
): fc.Arbitrary<Piece | undefined> {
  const name = poolName(field.name);
  const has = (pool: Pool) => pools.has(pool, name);
  const list =
    field.schema.type === 'array'
      ? { list: true as const }
      : ['object', 'strict_object', 'loose_object', 'record'].includes(field.schema.type)
        ? { parse: true as const }
        : {};
  const ref = (pool: Pool): fc.Arbitrary<Piece> =>
    pools.many?.(pool, name)
      ? fc.nat({ max: 0xffff }).map((pick): Piece => ({ ref: pool, name, ...list, pick }))
      : fc.constant<Piece>({ ref: pool, name, ...list });
  const valid = validValue(field.schema, field.name).map((value): Piece => ({ text: String(value) }));
  const choices: Array<{ weight: number; arbitrary: fc.Arbitrary<Piece | undefined> }> = [];
  if (has('own')) choices.push({ weight: 12, arbitrary: ref('own') });
  if (reads && has('demo')) choices.push({ weight: 4, arbitrary: ref('demo') });
  if (field.optional) choices.push({ weight: 6, arbitrary: fc.constant(undefined) });
  if (!has('own') || hot) choices.push({ weight: has('own') ? 3 : 10, arbitrary: valid });
  if (hot) {
    const hostile = where === 'header' ? hostileHeaderPiece : where === 'body' ? hostileBodyPiece : hostileUrlPiece;
    if (has('foreign')) choices.push({ weight: 4, arbitrary: ref('foreign') });
    if (reads && has('demoForeign')) choices.push({ weight: 2, arbitrary: ref('demoForeign') });
    choices.push({ weight: 16, arbitrary: hostile });
    if (where === 'path') choices.push({ weight: 2, arbitrary: fc.constant<Piece>({ omit: true }) });
  }
  return fc.oneof(...choices);
}

/** The named pieces of a request part, each cold or hot. */
function partPieces(
  fields: Field[],
  where: Where,
  pools: PoolNames,
  reads: boolean,
  hot: (field: Field) => boolean,
): fc.Arbitrary<Array<[string, Piece]>> {
  return fc
    .tuple(...fields.map((f) => fieldPiece(f, where, pools, reads, hot(f))))
    .map((pieces) =>
      pieces.flatMap((piece, i): Array<[string, Piece]> => (piece ? [[fields[i]!.name, piece as Piece]] : [])),
    );
}

// ---------------------------------------------------------------------------------------------
// Query: the row's fields (limit and cursor with garbage), and keys no row has

const garbageQuery: fc.Arbitrary<Array<[string, Piece]>> = fc.constantFrom<Array<[string, Piece]>>(
  [
    ['limit', { raw: '1' }],
    ['limit', { raw: '2' }],
  ],
  [['unknown', { text: 'x' }]],
  [['', { raw: '' }]],
  [['limit', { raw: '' }]],
  [['limit', { raw: '0' }]],
  [['limit', { raw: '101' }]],
  [['limit', { raw: '-1' }]],
  [['limit', { raw: '1.5' }]],
  [['limit', { raw: '1e2' }]],
  [['limit', { raw: '%201' }]],
  [['limit', { raw: '99999999999999999999' }]],
  [['limit', { raw: '0x10' }]],
  [['cursor', { raw: '' }]],
  [['cursor', { raw: 'not-a-cursor' }]],
  [['cursor', { text: Buffer.from('{"pk":"DPP#x","sk":"DPP_FILE#\uffff"}').toString('base64url') }]],
  [['cursor', { text: Buffer.from('{"pk":1}').toString('base64url') }]],
  [['cursor', { text: Buffer.from('null').toString('base64url') }]],
  [['cursor', { text: Buffer.from('"a"').toString('base64') }]],
  [['cursor', { raw: 'A'.repeat(1025) }]],
  [['cursor', { raw: '%' }]],
  [['cursor', { raw: '%E0%A4%A' }]],
  [['__proto__', { raw: 'x' }]],
  [['constructor', { raw: 'x' }]],
);

function queryArbitrary(fields: Field[], pools: PoolNames, hot: boolean): fc.Arbitrary<Array<[string, Piece]>> {
  const own = partPieces(fields, 'query', pools, true, () => hot);
  if (!hot) return own;
  return fc.tuple(own, fc.oneof(fc.constant([]), garbageQuery)).map(([a, b]) => [...a, ...b]);
}

// ---------------------------------------------------------------------------------------------
// Auth and headers

/** The `authorization` header: the caller's token, another company's, none, or a broken one. */
const authArbitrary: fc.Arbitrary<AuthCase> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<AuthCase>('foreign') },
  { weight: 2, arbitrary: fc.constant<AuthCase>('none') },
  { weight: 3, arbitrary: fc.constantFrom<AuthCase>('expired', 'forged', 'wrongAudience') },
  {
    weight: 5,
    arbitrary: fc.oneof(
      fc
        .constantFrom('bearer', 'BEARER', 'Basic', 'Bearer ', '', 'Token')
        .map((scheme): AuthCase => ({ scheme, token: 'own' })),
      fc
        .constantFrom(' extra', ',', '.', '\u00e9', '=', ' ')
        .map((suffix): AuthCase => ({ scheme: 'Bearer', token: 'own', suffix })),
      fc
        .constantFrom(
          '',
          'a.b.c',
          'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
          'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.x',
          '...',
          'x'.repeat(8000),
          'dXNlcjpwYXNz',
          '%00',
          '\u00ff\u00fe',
        )
        .map((raw): AuthCase => ({ scheme: 'Bearer', token: 'raw', raw })),
    ),
  },
);

/** Headers no row reads, some of which a gateway or a runtime might. */
const extraHeaders: fc.Arbitrary<Array<[string, Piece]>> = fc.subarray<[string, Piece]>(
  [
    ['accept', { raw: 'text/html' }],
    ['accept-language', { raw: 'xx' }],
    ['idempotency-key', { raw: 'fuzz' }],
    ['idempotency-key', { raw: '\u00e9'.repeat(300) }],
    ['x-forwarded-for', { raw: '1.2.3.4, ::1, garbage' }],
    ['x-amzn-trace-id', { raw: 'Root=garbage' }],
    ['cookie', { raw: 'authorization=Bearer x' }],
    ['x-fuzz', { raw: 'y'.repeat(4000) }],
    // Over Node's 16 KiB of headers: the local server answers 431 itself.
    ['x-fuzz-huge', { raw: 'y'.repeat(20_000) }],
    ['content-encoding', { raw: 'gzip' }],
  ],
  { minLength: 1, maxLength: 3 },
);

function headersArbitrary(fields: Field[], pools: PoolNames, hot: boolean): fc.Arbitrary<Array<[string, Piece]>> {
  const own = partPieces(fields, 'header', pools, true, () => hot);
  if (!hot) return own;
  return fc.tuple(own, fc.oneof(fc.constant([]), extraHeaders)).map(([a, b]) => [...a, ...b]);
}

// ---------------------------------------------------------------------------------------------
// Bodies

const goodFile = fc.record({
  filename: fc.constantFrom('doc.pdf', 'a.txt', 'data.csv', 'ünï 😀.pdf'),
  type: fc.option(fc.constantFrom('application/pdf', 'image/png', 'text/plain'), { nil: undefined }),
  content: fc.constantFrom<FileContent>('pdf', 'png', 'csv', 'text', 'json'),
});

const anyFile = fc.record({
  filename: fc.oneof(
    fc.constantFrom('doc.pdf', 'a.txt'),
    fc.constantFrom('', '../../etc/passwd', 'a"b.pdf', 'a\\b.pdf', 'x'.repeat(300), '%00.pdf'),
  ),
  type: fc.option(fc.constantFrom('application/pdf', 'application/x-msdownload', '', 'text/plain; charset=utf-7'), {
    nil: undefined,
  }),
  content: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<FileContent>('empty', 'zip', 'pdf') },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b): FileContent => ({ bytes: [...b] })) },
    { weight: 1, arbitrary: fc.constantFrom<FileContent>('at-limit', 'oversize', 'body-oversize') },
  ),
});

function filePartArbitrary(field: Field, hot: boolean): fc.Arbitrary<PartCase | undefined> {
  const good = goodFile.map((file): PartCase => ({ name: field.name, file }));
  if (!hot) return field.optional ? fc.oneof({ weight: 6, arbitrary: good }, fc.constant(undefined)) : good;
  return fc.oneof(
    anyFile.map((file): PartCase => ({ name: field.name, file })),
    fc.constant(undefined),
    // A text part where a file belongs.
    fc.constant<PartCase>({ name: field.name, value: { text: 'not a file' } }),
  );
}

const boundaryArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('XyZ', '----fuzzBoundary7MA4YWxk', '----=_Part_0.123') },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9A-Za-z'()+_,./:=?-]{1,70}$/) },
);

const goodMultipartType = fc.constantFrom<MultipartType>('plain', 'plain', 'quoted', 'compact-uppercase');
const anyMultipartType = fc.oneof(
  goodMultipartType,
  fc.constantFrom<MultipartType>(
    'wrong-boundary',
    'no-boundary',
    'empty-boundary',
    'two-boundaries',
    'none',
    { raw: 'application/json' },
    { raw: 'text/plain' },
    { raw: 'application/x-www-form-urlencoded' },
    { raw: 'application/octet-stream' },
    { raw: 'multipart/mixed; boundary=XyZ' },
    { raw: `multipart/form-data; boundary=${'b'.repeat(71)}` },
    { raw: 'multipart/form-data; boundary=a b ' },
    { raw: 'multipart/form-data; boundary="unterminated' },
    { raw: 'multipart/form-data, text/plain; boundary=XyZ' },
    { raw: 'multipart/form-data; boundary=XyZ; charset=\u00e9' },
  ),
);

const brokenFraming = fc.constantFrom<Framing>(
  'close-without-crlf',
  'no-close',
  'close-without-final-crlf',
  'preamble-and-epilogue',
  'lf-only',
  'close-only',
  'nothing',
);

/** Parts that are not in the row: unknown names, a nameless part, a header block that never ends, a huge field. */
const extraParts: fc.Arbitrary<PartCase[]> = fc.subarray<PartCase>(
  [
    { name: 'unknown_field', value: { text: 'x' } },
    { name: null, value: { text: 'nameless' } },
    { name: '__proto__', value: { text: '{"polluted":true}' } },
    { name: 'file2', file: { filename: 'b.pdf', content: 'pdf' } },
    { name: 'x', value: { text: 'v' }, extraHeaders: 'Content-Disposition: form-data; name="y"\r\n' },
    { name: 'x', value: { text: 'v' }, extraHeaders: 'Content-Type: text/plain; charset=utf-16\r\n' },
    { name: 'x', value: { text: 'v' }, extraHeaders: 'X-Never-Ends' },
    { name: 'big', value: { text: 'z'.repeat(70_000) } },
    // RFC 5987 file names, one with a percent-encoding that does not decode.
    {
      name: 'file',
      file: { filename: '', content: 'pdf' },
      disposition: `form-data; name="file"; filename*=UTF-8''%E0%A4%A`,
    },
    {
      name: 'file',
      file: { filename: '', content: 'text' },
      disposition: `form-data; name="file"; filename*=x-unknown''caf%C3%A9.txt; filename="b.txt"`,
    },
  ],
  { minLength: 1, maxLength: 2 },
);

/**
 * Where to cut a body short, as a fraction of its length: evenly spread (fc.double would
 * favour values near 0, an empty body, which the size check alone refuses).
 */
const cutAt = fc.integer({ min: 0, max: 9_999 }).map((n) => n / 10_000);

function multipartArbitrary(
  fields: Field[],
  pools: PoolNames,
  hot: (dimension: string) => boolean,
): fc.Arbitrary<BodyCase> {
  const named = fc.tuple(
    ...fields.map((field) =>
      field.file
        ? filePartArbitrary(field, hot(`field:${field.name}`))
        : fieldPiece(field, 'body', pools, false, hot(`field:${field.name}`)).map((value) =>
            value === undefined ? undefined : ({ name: field.name, value } as PartCase),
          ),
    ),
  );
  // In any order: a client may send the file last, and a body cut short then ends inside it.
  const own = fc.tuple(named, fc.nat()).map(([parts, turn]) => {
    const sent = parts.filter((p): p is PartCase => p !== undefined);
    const at = sent.length === 0 ? 0 : turn % sent.length;
    return [...sent.slice(at), ...sent.slice(0, at)];
  });
  if (!hot('framing'))
    return fc
      .record({ boundary: boundaryArbitrary, type: goodMultipartType, parts: own })
      .map((b): BodyCase => ({ kind: 'multipart', ...b, framing: 'proper' }));
  const mutation = fc.oneof(
    { weight: 4, arbitrary: fc.record({ cut: cutAt }) },
    { weight: 3, arbitrary: fc.record({ framing: brokenFraming }) },
    { weight: 2, arbitrary: fc.record({ type: anyMultipartType }) },
    { weight: 2, arbitrary: fc.record({ extra: extraParts }) },
    { weight: 1, arbitrary: fc.record({ duplicate: fc.nat() }) },
  );
  return fc
    .record({ boundary: boundaryArbitrary, parts: own, mutations: fc.array(mutation, { minLength: 1, maxLength: 2 }) })
    .map(({ boundary, parts, mutations }): BodyCase => {
      const body: Extract<BodyCase, { kind: 'multipart' }> = {
        kind: 'multipart',
        boundary,
        type: 'plain',
        parts,
        framing: 'proper',
      };
      for (const m of mutations) {
        if ('extra' in m) body.parts = [...body.parts, ...m.extra];
        if ('duplicate' in m && body.parts.length > 0)
          body.parts = [...body.parts, body.parts[m.duplicate % body.parts.length]!];
        if ('cut' in m) body.cut = m.cut;
        if ('framing' in m) body.framing = m.framing;
        if ('type' in m) body.type = m.type;
      }
      return body;
    });
}

/** A JSON object body from the row's schema: its fields real, valid-looking or hostile like any other. */
function jsonArbitrary(fields: Field[], pools: PoolNames, hot: (dimension: string) => boolean): fc.Arbitrary<BodyCase> {
  const object = fc
    .tuple(
      ...fields.map((field) => {
        const piece = fieldPiece(field, 'body', pools, false, hot(`field:${field.name}`));
        const typed = validValue(field.schema, field.name).map((json) => ({ json }));
        // A JSON field may be a number, a boolean, an object: valid ones as they are, and strings where they are not.
        return pools.has('own', poolName(field.name)) ? piece : fc.oneof(typed, piece);
      }),
    )
    .map(
      (pieces): JsonValue => ({
        fields: pieces.flatMap(
          (piece, i): Array<[string, Piece | { json: unknown }]> =>
            piece === undefined ? [] : [[fields[i]!.name, piece]],
        ),
      }),
    );
  if (!hot('framing')) return object.map((value): BodyCase => ({ kind: 'json', value, type: 'application/json' }));
  const literal = fc
    .constantFrom<unknown>(null, [], 1, 'text', true, [{}], { a: { b: { c: { d: { e: {} } } } } })
    .map((value): JsonValue => ({ literal: value }));
  return fc
    .record({
      value: fc.oneof(object, literal),
      type: fc.constantFrom<string | null>(
        'application/json',
        null,
        'Application/JSON; charset=utf-8',
        'text/plain',
        'application/vnd.api+json',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
      ),
      cut: fc.option(cutAt, { nil: undefined }),
    })
    .map(
      (b): BodyCase => ({ kind: 'json', value: b.value, type: b.type, ...(b.cut === undefined ? {} : { cut: b.cut }) }),
    );
}

/** A body of no particular encoding: on a route that takes none, or the wrong one on a route that does. */
const strayBody: fc.Arbitrary<BodyCase> = fc.constantFrom<BodyCase>(
  { kind: 'raw', type: 'application/json', text: '{"a":' },
  { kind: 'raw', type: 'application/json', text: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}' },
  { kind: 'raw', type: null, text: '\u0000\u0001\u0002' },
  { kind: 'raw', type: 'text/plain', text: 'x'.repeat(300_000) },
  { kind: 'raw', type: 'application/octet-stream', text: '%PDF-1.4' },
  // Over API Gateway's 10 MiB payload limit: the local server answers it itself.
  { kind: 'raw', type: 'application/json', text: 'x', repeat: 10 * 1024 * 1024 + 1 },
  {
    kind: 'raw',
    type: 'multipart/form-data; boundary=XyZ',
    text: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello --XyZ--',
  },
);

function bodyArbitrary(route: Route, pools: PoolNames, hot: (dimension: string) => boolean): fc.Arbitrary<BodyCase> {
  const fields = fieldsOf(requestParts(route.input).body);
  if (route.body === 'multipart') {
    const own = multipartArbitrary(fields, pools, hot);
    return hot('framing')
      ? fc.oneof(
          { weight: 9, arbitrary: own },
          jsonArbitrary(fields, pools, hot),
          strayBody,
          fc.constant<BodyCase>({ kind: 'none' }),
        )
      : own;
  }
  if (route.body === 'json') {
    const own = jsonArbitrary(fields, pools, hot);
    return hot('framing')
      ? fc.oneof({ weight: 6, arbitrary: own }, strayBody, fc.constant<BodyCase>({ kind: 'none' }))
      : own;
  }
  return hot('body') ? strayBody : fc.constant<BodyCase>({ kind: 'none' });
}

// ---------------------------------------------------------------------------------------------
// Paths

/** A path's parameters; a greedy `{name+}`'s is `name`, as API Gateway passes it. */
const pathNames = (path: string) => [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!);

/** For the catch-all: a path no row serves, or a row's path with a method it does not take. */
function catchAllTarget(rows: readonly Route[]): fc.Arbitrary<{ method: string; rawPath: string }> {
  const served = rows.filter((r) => !isCatchAll(r));
  const fill = (path: string) => path.replace(/\{[^}]+\}/g, 'x');
  const segment = fc.oneof(fc.stringMatching(/^[a-z0-9_-]{1,12}$/), fc.constantFrom(...HOSTILE_RAW));
  return fc.oneof(
    fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      rawPath: fc.oneof(
        fc.constantFrom('/', '//', '/..', '/%2e%2e/%2e%2e/etc/passwd', '/%', '/%E0%A4%A', '/%00', '/dpp', '/dpp/'),
        fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`),
      ),
    }),
    fc.constantFrom(...served).chain((row) =>
      fc.oneof(
        // A served path with a method its row does not take.
        fc
          .constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH')
          .filter((m) => m !== row.method)
          .map((method) => ({ method, rawPath: fill(row.path) })),
        // A served path with something more.
        fc
          .constantFrom('/extra', '/', '/..')
          .map((more) => ({ method: row.method, rawPath: `${fill(row.path)}${more}` })),
      ),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The request

/**
 * The parts of a request the fuzz varies: each path parameter, the query, auth, the other
 * headers, and the body's framing and each of its fields (or, on a route without a body,
 * a stray body).
 */
export function dimensionsOf(route: Route): string[] {
  const parts = requestParts(route.input);
  return [
    ...(isCatchAll(route) ? [] : pathNames(route.path).map((name) => `param:${name}`)),
    ...(fieldsOf(parts.query).length > 0 ? ['query'] : []),
    'auth',
    'headers',
    ...(route.body ? ['framing', ...fieldsOf(parts.body).map((f) => `field:${f.name}`)] : ['body']),
  ];
}

/**
 * How often each kind of dimension is the one fuzzed: a body's framing most (the parsers
 * are where a body of the wrong shape can do harm), path parameters and the query next,
 * each body field least (a valibot rule each, and there are many).
 */
const HEAT: Record<string, number> = { framing: 10, param: 2, query: 3, auth: 2, headers: 2, body: 1, field: 1 };

/**
 * Requests to one route, generated from its row (`rows` is the whole table; the catch-all
 * aims at the others' paths). Each case fuzzes none (about one in five: a request that can
 * succeed), one or two of the route's dimensions (weighted by HEAT); the others keep the caller's own real or
 * valid-looking values, so the hostile piece is what the answer is about.
 */
export function requestArbitrary(route: Route, rows: readonly Route[], pools: PoolNames): fc.Arbitrary<RequestCase> {
  const parts = requestParts(route.input);
  const paramFields = fieldsOf(parts.params);
  const missing = pathNames(route.path).filter((n) => !paramFields.some((f) => f.name === n));
  if (missing.length > 0) throw new Error(`${route.fn}: path parameters ${missing} are not in the input schema`);
  const queryFields = fieldsOf(parts.query);
  const headerFields = fieldsOf(parts.headers);
  const reads = route.method === 'GET';
  const dimensions = dimensionsOf(route);

  const pick = fc.oneof(...dimensions.map((d) => ({ weight: HEAT[d.split(':')[0]!] ?? 1, arbitrary: fc.constant(d) })));
  const hotSets = fc.oneof(
    { weight: 1, arbitrary: fc.constant<string[]>([]) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(pick, fc.option(pick, { freq: 2, nil: undefined }))
        .map(([a, b]) => (b === undefined || b === a ? [a] : [a, b])),
    },
  );
  return hotSets.chain((hotList): fc.Arbitrary<RequestCase> => {
    const hot = (dimension: string) => hotList.includes(dimension);
    const common = {
      hot: fc.constant(hotList),
      query: queryArbitrary(queryFields, pools, hot('query')),
      auth: hot('auth') ? authArbitrary : fc.constant<AuthCase>('own'),
      headers: headersArbitrary(headerFields, pools, hot('headers')),
      body: bodyArbitrary(route, pools, hot),
    };
    if (isCatchAll(route)) {
      return fc.record({ target: catchAllTarget(rows), ...common }).map(
        ({ target, ...rest }): RequestCase => ({
          fn: route.fn,
          method: target.method,
          params: {},
          rawPath: target.rawPath,
          ...rest,
        }),
      );
    }
    const params = fc.record(
      Object.fromEntries(
        paramFields.map((field) => [
          field.name,
          fieldPiece({ ...field, optional: false }, 'path', pools, reads, hot(`param:${field.name}`)).map(
            (p) => p ?? ({ omit: true } as Piece),
          ),
        ]),
      ),
    ) as fc.Arbitrary<Record<string, Piece>>;
    return fc
      .record({ params, ...common })
      .map((rest): RequestCase => ({ fn: route.fn, method: route.method, ...rest }));
  });
}
