import { type ConversionConfig, type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import packageJson from '../../package.json';
import { kybCountryCode, VIES_COUNTRY_CODES } from '../companies/kyb/vat';
import type { ErrorKind } from '../errors';
import { filePart, requiredFilePart } from '../files/upload';
import { idempotencyKey } from '../idempotency/model';
import { distinct, textFieldValues } from '../schemas';
import { isSingleLine, NON_BLANK_SINGLE_LINE_PATTERN, SINGLE_LINE_PATTERN } from '../text';
import { type AnySchema, allowedMethods, type OtherMethod, type Route } from './contract';
import { errorBody } from './views';

/**
 * The OpenAPI 3.1 document of the API, generated from the route rows (lib/api/routes.ts):
 * the same valibot schemas the functions validate with, so the document cannot describe
 * an input the code does not accept. `npm run docs` writes it to docs/openapi.json (a
 * drift test keeps the two equal); the local server serves it at /openapi.json and /docs.
 * Never imported by a function, so none of this reaches a Lambda bundle.
 */

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:3000';

export interface OpenApiOptions {
  /** Where "Try it out" sends requests; the local server passes its own URL. */
  serverUrl?: string;
  /** The document's title and the first paragraph of its description (the passport API's own document). */
  title?: string;
  preface?: string;
}

// Loose on purpose: the document is plain JSON, checked by a real validator in the tests.
// biome-ignore lint/suspicious/noExplicitAny: a JSON document under construction
type Json = Record<string, any>;

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** Headers the error middleware adds to some kinds of error (lib/http/middleware/errors.ts). */
const ERROR_HEADERS: Partial<Record<ErrorKind, Json>> = {
  unauthenticated: { 'WWW-Authenticate': { description: 'Always `Bearer`', schema: { type: 'string' } } },
  unavailable: {
    'Retry-After': {
      description:
        'Seconds to wait before retrying; absent when the code is `OUTCOME_UNKNOWN` (a write without an ' +
        '`Idempotency-Key` that may or may not have been applied: check before repeating it)',
      schema: { type: 'integer' },
    },
  },
};

/** The `Location` of a 3xx: the target, or for a 300 the preferred one of the choices. */
const LOCATION_HEADER: Record<number, Json> = {
  0: { description: 'The redirect’s target', schema: { type: 'string', format: 'uri-reference' } },
  300: {
    description: 'The preferred choice: the first of the links listed',
    schema: { type: 'string', format: 'uri' },
  },
};

/**
 * Pipe actions that only check across fields (body id = path id) or brand a value: they do not
 * change the input's JSON type, and the rule they enforce is in the route's description.
 * Everything else that has no JSON Schema equivalent, and that `documentAction` does not
 * handle, still throws (errorMode 'throw'), so a new construct fails the drift test instead of
 * silently becoming `{}`.
 */
const IGNORED_ACTIONS = ['partial_check', 'raw_check', 'normalize', 'brand', 'readonly'];

/**
 * Marks on a JSON Schema under construction: what a later action of the same pipe, or the
 * enclosing object, needs to know. Symbols, so `JSON.stringify` leaves them out of the document.
 */
const TRIMMED = Symbol('trimmed');
const NON_BLANK = Symbol('non-blank pattern');
const REQUIRED_PART = Symbol('required part');
const SINGLE_LINE = Symbol('single-line pattern');
type Marked = Json & { [TRIMMED]?: true; [NON_BLANK]?: true; [REQUIRED_PART]?: true; [SINGLE_LINE]?: true };

/**
 * Rules a field's schema enforces later than its own pipe (a cross-field or offline check),
 * keyed on the field's schema and merged at its pipe's last action.
 */
const FIELD_RULES = new Map<unknown, Json>([
  [
    kybCountryCode.pipe.at(-1),
    {
      enum: [...VIES_COUNTRY_CODES, 'GR'].sort(),
      description: 'A country VIES covers (Greece as `GR` or `EL`, Northern Ireland as `XI`); any letter case',
    },
  ],
]);

type ActionContext = Parameters<NonNullable<ConversionConfig['overrideAction']>>[0];

/**
 * What the document says for the actions to-json-schema leaves out, so that the schemas refuse
 * what the API refuses:
 * - after `trim`, a minimum length counts visible characters: blank text gets the pattern `\S`
 *   (at least one non-blank character), unless a regex of the pipe says more;
 * - a `check(distinct)` on a list is `uniqueItems`;
 * - a single-line text (`singleLine`, lib/text.ts) has a pattern without line breaks, control or
 *   bidirectional characters; a non-blank one, a pattern that also needs a non-blank character;
 * - normalising actions (trim, letter case) and other checks leave the input's type as it is.
 */
function documentAction({ valibotAction, jsonSchema: converted }: ActionContext): JsonSchema | undefined {
  const action = valibotAction as { type: string; requirement?: unknown };
  const rule = FIELD_RULES.get(valibotAction);
  const jsonSchema = converted as Marked;
  const plus = (added: Marked): JsonSchema => ({ ...jsonSchema, ...added }) as JsonSchema;
  switch (action.type) {
    case 'trim':
    case 'trim_start':
    case 'trim_end':
      return plus({ [TRIMMED]: true, ...rule });
    case 'to_lower_case':
    case 'to_upper_case':
      return plus({ ...rule });
    case 'check':
      if (action.requirement === isSingleLine) return plus({ pattern: SINGLE_LINE_PATTERN, [SINGLE_LINE]: true });
      return plus({ ...(action.requirement === distinct && { uniqueItems: true }), ...rule });
    case 'min_length':
      if (jsonSchema[TRIMMED] && (action.requirement as number) >= 1 && jsonSchema[SINGLE_LINE])
        return plus({ pattern: NON_BLANK_SINGLE_LINE_PATTERN });
      if (jsonSchema[TRIMMED] && (action.requirement as number) >= 1 && !jsonSchema.pattern)
        return plus({ pattern: '\\S', [NON_BLANK]: true });
      return undefined;
    case 'regex':
      // The pipe's own regex replaces the non-blank pattern (JSON Schema has one `pattern`).
      if (jsonSchema[NON_BLANK]) return plus({ pattern: (action.requirement as RegExp).source });
      return undefined;
    default:
      return rule && plus(rule);
  }
}

/**
 * One valibot schema as an OpenAPI 3.1 schema (JSON Schema 2020-12). Requests are
 * described by their input type (what a client sends, before transforms: `limit` is a
 * string, an empty multipart text field is allowed), responses by their output type.
 */
function schemaOf(schema: AnySchema, typeMode: 'input' | 'output'): Json {
  const config: ConversionConfig = {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'throw',
    ignoreActions: IGNORED_ACTIONS,
    overrideAction: documentAction,
    overrideSchema: ({ valibotSchema, jsonSchema }) => {
      // The multipart file part is a valibot `custom` (a parsed part object at run time);
      // on the wire it is the bytes of one file.
      if (valibotSchema === (filePart as unknown))
        // An empty file is refused (400 `EMPTY_FILE`): at least one byte.
        return { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', minLength: 1 };
      // Optional to valibot so that its absence is 400 `NO_FILE`, but a request without it is refused.
      if (valibotSchema === (requiredFilePart as unknown))
        return { ...jsonSchema, [REQUIRED_PART]: true } as JsonSchema;
      // A multipart text field: what a value sent must be (its enum, pattern, format); empty counts as not sent.
      const value = textFieldValues.get(valibotSchema as object);
      if (value !== undefined) {
        const { $schema: _, ...json } = toJsonSchema(value, config) as JsonSchema;
        return json as JsonSchema;
      }
      return undefined;
    },
  };
  const { $schema: _, ...json } = toJsonSchema(schema, config) as JsonSchema;
  // Refs would point into a `$defs` of this fragment, not of the document.
  if (json.$defs) throw new Error('recursive (lazy) schemas are not supported in the OpenAPI document');
  requireMarkedParts(json);
  return json;
}

/** Lists each property marked REQUIRED_PART in its object's `required`. */
function requireMarkedParts(json: Json): void {
  if (typeof json !== 'object' || json === null) return;
  for (const [key, value] of Object.entries<Marked>(json.properties ?? {})) {
    if (value?.[REQUIRED_PART] && !json.required?.includes(key)) json.required = [...(json.required ?? []), key];
  }
  for (const value of Object.values(json)) if (typeof value === 'object') requireMarkedParts(value as Json);
}

/** What each tag of the route rows groups: the document's tag descriptions, one per tag. */
const TAGS: Readonly<Record<string, string>> = {
  Token: 'An ES256 token for an API key and a wallet of its company: what every other non-public route needs.',
  DPPs: "The public passport a consumer reads by scanning a product's data carrier: no token.",
  'DPP authoring': "A company's own DPPs and templates: create, list, read and change them.",
  'EU registry':
    "The EU DPP registry (Implementing Regulation (EU) 2026/1778): a passport's registration record, bulk upload files, and the registration's identifier and proof.",
  'EN 18222 passport API':
    'The passport lifecycle API of EN 18222 under /v1, each passport with the EN 18223 header: create, read (by id, product, date or element), change by merge patch or element, and archive; every change archived as a version (EN 18221).',
  'Template files': 'Files attached to a template, which the DPPs of its model share.',
  'DPP files': 'Files of one DPP (4 MiB each, type detected from the bytes), with signed download links.',
  'DPP tech cards': 'Tech cards of a DPP: named lists of characteristics.',
  'DPP images': 'Images of a DPP (PNG, JPEG, WebP, GIF).',
  'Access grants':
    'Who may read the restricted parts of a DPP (docs/choices.md, Access tiers): grants to one reader up to a tier, and the log of every read through them.',
  'DPP translations': "Translations of a DPP's texts, its files' and its cards', one language at a time.",
  'DPP versions': 'Immutable snapshots of a DPP, numbered per DPP, and their documents.',
  Notarizations: "Signed hashes of a version's files, anchored on chain.",
  'Related DPPs': 'Links from a DPP to DPPs of the company and of its partners.',
  'Non-official operators': 'The operators a company works with who are not its own members.',
  Invitations: 'Invitations to join a company, and their acceptance.',
  KYB: "Know-your-business: the company's VAT number checked offline and with VIES.",
  Company: 'The company of the token: its KYB status and plan.',
  'Promotional codes': "Stripe promotional codes: checked, then applied to the company's subscription.",
  Health: 'Whether the API and its functions are up: for load balancers and uptime checks.',
  Resolver: 'GS1 Digital Link URIs (GS1-Conformant Resolver 1.2): what a scanned data carrier leads to.',
  'Bulk import':
    'Passports by the thousand from an ERP or PIM export: a CSV or JSONL file uploaded once, imported in the background, with a per-row report.',
  Profiles:
    "Sector profiles (docs/profiles.md): a sector's data model as data, such as the battery passport's attributes with their types, units, access tiers and obligations per category.",
};

/**
 * The document's tags in the rows' order, each with its TAGS description (a tag without one is
 * a warning of the linters, test/docs/openapi-lint.test.ts).
 */
function tagsOf(routes: readonly Route[]): Json[] {
  const names = [...new Set(routes.filter((r) => r.path !== '$default').map((r) => r.tag))];
  return names.map((name) => (TAGS[name] ? { name, description: TAGS[name] } : { name }));
}

/** `get-dpp` → `getDpp`. */
const operationId = (fn: string) => fn.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The `params` / `query` / `headers` / `body` part of a route's input, as JSON Schema. */
function inputParts(route: Route) {
  const input = schemaOf(route.input, 'input');
  if (input.type !== 'object') throw new Error(`${route.fn}: the input schema must be an object of request parts`);
  const part = (name: string): Json | undefined => input.properties?.[name];
  return { params: part('params'), query: part('query'), headers: part('headers'), body: part('body') };
}

function parameters(route: Route, parts: ReturnType<typeof inputParts>): Json[] {
  const list: Json[] = [];
  const add = (where: 'path' | 'query' | 'header', part: Json | undefined) => {
    for (const [name, schema] of Object.entries<Json>(part?.properties ?? {})) {
      // Authorization is the security scheme's; OpenAPI ignores it as a header parameter.
      if (where === 'header' && ['authorization', 'content-type', 'accept'].includes(name.toLowerCase())) continue;
      const { description, ...rest } = schema;
      list.push({
        name,
        in: where,
        required: where === 'path' || (part?.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  };
  add('path', parts.params);
  add('query', parts.query);
  add('header', parts.headers);
  if (route.idempotent) list.push(idempotencyParameter());
  list.push(CORRELATION_PARAMETER);
  // Every `{name}` in the path must be declared, or "Try it out" cannot fill it.
  for (const [, name] of documentedPath(route).matchAll(/\{([^}]+)\}/g)) {
    if (!list.some((p) => p.in === 'path' && p.name === name))
      throw new Error(`${route.fn}: path parameter ${name} is not in the input schema`);
  }
  return list;
}

/**
 * A row's path as OpenAPI names it: API Gateway's greedy `{name+}` (the rest of the path, slashes
 * included; its parameter is `name`) is `{name}`, whose description says it spans segments.
 */
export const documentedPath = (route: Pick<Route, 'path'>): string => route.path.replace(/\{(\w+)\+\}/g, '{$1}');

/** Every function reads it (lib/http/middleware/observability.ts); one definition, referenced. */
const CORRELATION_PARAMETER: Json = { $ref: '#/components/parameters/CorrelationId' };

/** The header of an idempotent row (docs/spec/decisions.md, Retries; lib/http/middleware/idempotency.ts). */
const idempotencyParameter = (): Json => ({
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: a retry with the same key and the same request (path, fields and file bytes; the ' +
    'multipart boundary does not matter) within 24 hours answers the first answer again, with ' +
    '`Idempotent-Replayed: true`, and writes nothing. The same key with another request is 422 ' +
    '`IDEMPOTENCY_KEY_REUSED`; while the first request runs, 409 `IDEMPOTENCY_KEY_IN_PROGRESS`. Keys are ' +
    'per company and route; only successful answers are kept, so after an error the key can be sent again. ' +
    'Signed URLs in a replayed answer keep their first expiry.',
  schema: schemaOf(idempotencyKey, 'input'),
});

function requestBody(route: Route, body: Json | undefined): Json | undefined {
  if (!route.body) return undefined;
  if (!body) throw new Error(`${route.fn}: body '${route.body}' but the input schema has no body part`);
  const mediaTypes = route.body === 'json' ? (route.mediaTypes ?? ['application/json']) : ['multipart/form-data'];
  // A PUT is a partial update: with all its fields optional, sending none is refused (400,
  // `NOTHING_TO_UPDATE` or a validation error), so the body needs at least one. Not a document
  // (a record: an aspect's), which is whole and may be empty.
  const partial =
    route.method === 'PUT' &&
    route.mediaTypes === undefined &&
    body.type === 'object' &&
    (body.required ?? []).length === 0;
  const closed = closeObjects(body);
  const schema = partial ? { ...closed, minProperties: 1 } : closed;
  return { required: true, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

/**
 * A request schema with `additionalProperties: false` on every object that does not say
 * otherwise: an unknown field or part is refused (lib/http/unknown-keys.ts), whatever its schema.
 */
function closeObjects(json: Json): Json {
  if (Array.isArray(json)) return json.map(closeObjects);
  if (typeof json !== 'object' || json === null) return json;
  const copy: Json = Object.fromEntries(Object.entries(json).map(([key, value]) => [key, closeObjects(value as Json)]));
  if (copy.type === 'object' && copy.properties !== undefined && copy.additionalProperties === undefined)
    copy.additionalProperties = false;
  return copy;
}

/** The success answer, then each status of the row's error map (kinds sharing a status merged), then 500. */
function responses(route: Route): Json {
  // 200, but the catch-all's `response` is its 404.
  const status = route.status ?? 200;
  const successHeaders = {
    ...route.responseHeaders,
    ...(route.idempotent && { 'Idempotent-Replayed': '`true` when this is the stored answer of an earlier request' }),
  };
  const result: Json = {
    [status]: {
      description: status === 200 ? 'OK' : route.summary,
      ...(Object.keys(successHeaders).length > 0 && {
        headers: Object.fromEntries(
          Object.entries(successHeaders).map(([name, description]) => [
            name,
            { description, schema: { type: 'string' } },
          ]),
        ),
      }),
      // A redirect has no body (the resolver's 307): its JSON shape is the link set's, in its answers.
      ...(status !== 307 &&
        status !== 204 && {
          content: { [route.contentType ?? 'application/json']: { schema: schemaOf(route.response, 'output') } },
        }),
    },
  };
  const byStatus = new Map<number, { descriptions: string[]; headers: Json }>();
  for (const [kind, errorCase] of Object.entries(route.errors)) {
    if (!errorCase) continue;
    const entry = byStatus.get(errorCase.status) ?? { descriptions: [], headers: {} };
    if (!entry.descriptions.includes(errorCase.description)) entry.descriptions.push(errorCase.description);
    Object.assign(entry.headers, ERROR_HEADERS[kind as ErrorKind]);
    byStatus.set(errorCase.status, entry);
  }
  for (const [status, { descriptions, headers }] of byStatus) {
    result[status] = {
      description: descriptions.length === 1 ? descriptions[0] : descriptions.map((d) => `- ${d}`).join('\n'),
      ...(Object.keys(headers).length > 0 && { headers }),
      content: { 'application/json': { schema: ERROR_REF } },
    };
  }
  // Answers besides the JSON 200 (OtherAnswer): another media type of a 200, a redirect, a 304.
  for (const answer of route.answers ?? []) {
    const entry = (result[answer.status] ?? { description: answer.description }) as { content?: Json };
    const schema =
      answer.contentType === 'application/linkset+json'
        ? schemaOf(route.response, 'output')
        : answer.contentType?.endsWith('json')
          ? { type: 'object' }
          : { type: 'string' };
    if (answer.contentType) entry.content = { ...entry.content, [answer.contentType]: { schema } };
    result[answer.status] = entry;
  }
  // Every redirect and choice (3xx but 304) names its target.
  for (const [code, entry] of Object.entries<Json>(result)) {
    if (Number(code) >= 300 && Number(code) < 400 && Number(code) !== 304) {
      entry.headers = { ...entry.headers, Location: LOCATION_HEADER[Number(code)] ?? LOCATION_HEADER[0] };
    }
  }
  result[500] = {
    description: `Unexpected failure: \`{"error":"${route.failurePrefix ?? ''}Internal server error","code":"INTERNAL_ERROR"}\`, details only in the log`,
    content: { 'application/json': { schema: ERROR_REF } },
  };
  // Integer-like keys already enumerate in ascending order; sorting says it is meant.
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => Number(a) - Number(b)));
}

function operation(route: Route): Json {
  const parts = inputParts(route);
  const params = parameters(route, parts);
  const body = requestBody(route, parts.body);
  return {
    operationId: operationId(route.fn),
    tags: [route.tag],
    summary: route.summary,
    ...(route.description && { description: route.description }),
    ...(params.length > 0 && { parameters: params }),
    ...(body && { requestBody: body }),
    // Explicit on every operation: `[]` says "no token" rather than "not documented".
    security: route.auth === 'jwt' ? [{ bearerAuth: [] }] : [],
    responses: responses(route),
  };
}

/**
 * HEAD or OPTIONS of a GET row (`alsoAnswers`, lib/http/other-methods.ts): HEAD is the GET's
 * operation with its statuses and headers but no body; OPTIONS is a 204 with `Allow` and CORS.
 */
function otherOperation(route: Route, method: OtherMethod): Json {
  const get = operation(route);
  const id = `${get.operationId}${method[0]}${method.slice(1).toLowerCase()}`;
  if (method === 'HEAD') {
    return {
      ...get,
      operationId: id,
      summary: `${route.summary} (headers only)`,
      description: 'The GET’s answer without its body: the same status and headers.',
      responses: Object.fromEntries(
        Object.entries(get.responses as Json).map(([status, { content: _, ...rest }]) => [status, rest]),
      ),
    };
  }
  const header = (description: string): Json => ({ description, schema: { type: 'string' } });
  return {
    operationId: id,
    tags: get.tags,
    summary: `The methods of ${route.path}, with CORS for any origin`,
    description: 'Answered at once, before any read: no body.',
    parameters: (get.parameters as Json[]).filter((parameter) => parameter.in === 'path' || parameter.$ref),
    security: [],
    responses: {
      204: {
        description: 'The methods this path answers, and that any origin may read them',
        headers: {
          Allow: header(allowedMethods(route)),
          'Access-Control-Allow-Origin': header('`*`'),
          'Access-Control-Allow-Methods': header(allowedMethods(route)),
          ...Object.fromEntries(
            Object.entries(route.optionsHeaders ?? {}).map(([name, value]) => [
              name.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase()),
              header(`\`${value}\``),
            ]),
          ),
        },
      },
    },
  };
}

/**
 * The catch-all (`ANY $default`) has no path an OpenAPI document can name, so it is an
 * `x-catch-all` extension with its answers (404 `{"error":"Not Found"}`, from its row), and
 * a sentence of info.description.
 */
function catchAll(route: Route): Json {
  return {
    route: `${route.method} ${route.path}`,
    operationId: operationId(route.fn),
    summary: route.summary,
    responses: responses(route),
  };
}

/** The public routes, from the rows' `auth`: `GET /health`, … */
const publicRoutes = (routes: readonly Route[]): string =>
  routes
    .filter((r) => r.auth === 'public' && r.path !== '$default')
    .map((r) => `\`${r.method} ${r.path}\``)
    .join(', ');

/** The routes whose not-found is 406 (the interface's file and KYB routes), from the rows. */
const notAcceptableRoutes = (routes: readonly Route[]) =>
  routes
    .filter((route) => route.errors.not_found?.status === 406)
    .map((route) => `\`${route.method} ${route.path}\``)
    .join(', ');

const description = (
  routes: readonly Route[],
) => `Digital Product Passports: companies publish a passport (DPP) per product, with files,
images, tech cards and translations; consumers read it by scanning a QR code.

**Auth.** \`GET /generateJWT/{api_key}/{wallet_address}\` issues an ES256 JWT (1 hour) for an
API key and a wallet of the key's company. The public routes take no token: ${publicRoutes(routes)}.
Every other route needs it as \`Authorization: Bearer <token>\` (click *Authorize*). A token
reaches only its own company: another company's ids answer exactly like unknown ones.

**Errors.** Every error body is \`{"error", "code"}\`, plus \`details: [{path, message}]\` for
validation. Each operation lists the statuses it can answer and what each means there. A
dependency that is down answers 503 with \`Retry-After\`, or, for a write sent without an
\`Idempotency-Key\` whose outcome is unknown, 503 \`OUTCOME_UNKNOWN\` without it; anything unexpected 500. An unknown query parameter, JSON
property or multipart part is 400, naming it. Unknown
routes answer 404 \`{"error":"Not Found"}\` (the \`ANY $default\` route, in \`x-catch-all\`).

**Retries.** Uploads (and every POST that says so) take an \`Idempotency-Key\` header (1–255
visible ASCII characters): a retry with the same key and request within 24 hours answers the
first answer again and writes nothing; the same key with another request is 422.

**Correlation.** Send \`X-Correlation-Id\` (1–128 visible ASCII characters) to follow one
operation through the service's logs; every answer echoes it in \`X-Correlation-Id\`. Without
it, or when it is ill-formed (then ignored, not refused), the API Gateway request id is used.

**Paging.** Lists take \`?limit=\` (1–100, default 100) and \`?cursor=\` (the \`nextCursor\` of
the previous page); oldest first.

**Choices the spec left open** (docs/choices.md): a not-found is 406 on the routes the interface
gives 406, ${notAcceptableRoutes(routes)}, and 404 everywhere else (the public file and image
downloads and \`GET /dpp/{dppId}\` included); uploads are \`multipart/form-data\` with one \`file\` part (4 MiB,
type detected from the bytes, optional \`hash\` = SHA-256); \`name\` defaults to the file's
name and empty multipart text fields count as not sent; updates with nothing to update are
400 \`NOTHING_TO_UPDATE\`, a concurrent replace is 409; \`language\` picks the translation and
\`Content-Language\` names the languages returned.`;

/** The OpenAPI 3.1 document for these route rows. Deterministic: the rows' order, sorted statuses. */
export function openApiDocument(routes: readonly Route[], options: OpenApiOptions = {}): Json {
  const paths: Json = {};
  let fallback: Json | undefined;
  for (const route of routes) {
    if (route.path === '$default') {
      fallback = catchAll(route);
      continue;
    }
    if (route.method === 'ANY') throw new Error(`${route.fn}: ANY is only for the $default route`);
    const path = documentedPath(route);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
    for (const method of route.alsoAnswers ?? []) paths[path][method.toLowerCase()] = otherOperation(route, method);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'DPP service API',
      version: packageJson.version,
      description: options.preface ? `${options.preface}\n\n${description(routes)}` : description(routes),
      // Not open source: the service is a commercial product, its API documented for its clients.
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'DPP service maintainers' },
    },
    servers: [{ url: options.serverUrl ?? DEFAULT_SERVER_URL }],
    tags: tagsOf(routes),
    paths,
    components: {
      schemas: { Error: schemaOf(errorBody, 'output') },
      parameters: {
        CorrelationId: {
          name: 'X-Correlation-Id',
          in: 'header',
          required: false,
          description:
            'Your id for this operation (1–128 visible ASCII characters), logged with every line of the request and ' +
            'echoed in the `X-Correlation-Id` answer header; ignored when ill-formed, when the API Gateway request id ' +
            'is used instead.',
          schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7E]+$' },
        },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'ES256 token from `GET /generateJWT/{api_key}/{wallet_address}` (1 hour)',
        },
      },
    },
    ...(fallback && { 'x-catch-all': fallback }),
  };
}

/** The rows of the passport API of EN 18222 (lib/passport-api): those under `/v1/`. */
export const EN18222_PREFIX = '/v1/';
export const en18222Routes = (routes: readonly Route[]): Route[] =>
  routes.filter((route) => route.path.startsWith(EN18222_PREFIX));

/**
 * docs/openapi-en18222.json as `npm run docs` writes it: the passport API alone, from the same rows
 * as docs/openapi.json (a filter by the `/v1/` prefix), so that another provider codes against it.
 */
export const openApiEn18222Json = (routes: readonly Route[]): string =>
  `${JSON.stringify(
    openApiDocument(en18222Routes(routes), {
      title: 'DPP service: the EN 18222 passport API',
      preface:
        'The passport lifecycle API of EN 18222 (CreateDPP, ReadDPPById, UpdateDPPById, DeleteDPPById, ' +
        'ReadDPPByProductId, ReadDPPVersionByIdAndDate, ReadDPPIdsByProductIds, ReadDataElement, UpdateDataElement), ' +
        'each passport with the EN 18223 header. RegisterProductDPP is the EU registry registration ' +
        '(`PUT /dpps/{dppId}/registration`, in docs/openapi.json). The rest of this description is the whole API’s.',
    }),
    null,
    2,
  )}\n`;

/** docs/openapi.json exactly as `npm run docs` writes it and the drift test compares it. */
export const openApiJson = (routes: readonly Route[]): string =>
  `${JSON.stringify(openApiDocument(routes), null, 2)}\n`;
