import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineRoute, type Route } from '../../../lib/api/contract';
import { describeRoute } from '../../../lib/api/docs';
import { authenticated } from '../../../lib/api/errors';
import { documentedPath, openApiDocument, openApiEn18222Json, openApiJson } from '../../../lib/api/openapi';
import { routes } from '../../../lib/api/routes';
import { getDppQrInput } from '../../../lib/dpps/get-dpp-qr';
import { filePart } from '../../../lib/files/upload';
import { name, optionalText, pageQuery, uuid } from '../../../lib/schemas';
import { NON_BLANK_SINGLE_LINE_PATTERN, SINGLE_LINE_PATTERN } from '../../../lib/text';

/** The validator dereferences in place, hence the copy. */
const validate = (doc: object) => SwaggerParser.validate(structuredClone(doc) as OpenAPIV3_1.Document);

/** A small table with what the generator must handle: JSON, multipart, paging, headers, the catch-all. */
const fakeRoutes: Route[] = [
  describeRoute(
    defineRoute({
      method: 'GET',
      path: '/things/{thingId}',
      fn: 'list-things',
      auth: 'jwt',
      access: { table: 'read' },
      input: v.object({
        params: v.object({ thingId: uuid }),
        query: pageQuery,
        headers: v.looseObject({ language: v.optional(v.pipe(v.string(), v.description('Two letters'))) }),
      }),
      errors: { ...authenticated, invalid: 400, too_large: 400, not_found: 406 },
    }),
    () => ({
      summary: 'List things',
      tag: 'Things',
      response: v.object({ items: v.array(v.string()), nextCursor: v.optional(v.string()) }),
      responseHeaders: { 'content-language': 'Languages returned' },
      errors: { invalid: 'Bad id', too_large: 'Too big', not_found: 'No such thing' },
      example: { params: { thingId: '01a19656-4a80-7000-8000-000000000000' }, status: 200 },
    }),
  ),
  describeRoute(
    defineRoute({
      method: 'POST',
      path: '/things/{thingId}/files',
      fn: 'create-thing-file',
      auth: 'public',
      access: {},
      body: 'multipart',
      input: v.object({
        params: v.object({ thingId: uuid }),
        body: v.pipe(
          v.object({ file: filePart, name: optionalText(name) }),
          v.check(() => true, 'a cross-field rule'),
        ),
      }),
      errors: {},
    }),
    () => ({
      summary: 'Upload',
      tag: 'Things',
      response: v.object({ ok: v.literal(true) }),
      errors: {},
      example: { params: { thingId: '01a19656-4a80-7000-8000-000000000000' }, status: 200 },
    }),
  ),
  describeRoute(
    defineRoute({
      method: 'ANY',
      path: '$default',
      fn: 'not-found',
      auth: 'public',
      access: {},
      input: v.object({}),
      errors: {},
    }),
    () => ({
      summary: 'Any unknown route',
      tag: 'Other',
      status: 404,
      response: v.strictObject({ error: v.literal('Not Found') }),
      errors: {},
      example: { request: { method: 'GET', path: '/nothing' }, status: 404 },
    }),
  ),
];

describe('openApiDocument (a small table)', () => {
  const doc = openApiDocument(fakeRoutes, { serverUrl: 'http://127.0.0.1:4321' });
  const list = doc.paths['/things/{thingId}'].get;
  const upload = doc.paths['/things/{thingId}/files'].post;

  it('is a valid OpenAPI 3.1 document', async () => {
    await expect(validate(doc)).resolves.toBeTruthy();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:4321' }]);
  });

  it('takes path, query and header parameters from the input schema, as the client sends them', () => {
    expect(list.parameters).toEqual([
      { name: 'thingId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      // The input type: a string with a default, not the number the transform makes of it.
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'string', default: '100' }),
      },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string', minLength: 1, maxLength: 1024 } },
      { name: 'language', in: 'header', required: false, description: 'Two letters', schema: { type: 'string' } },
      { $ref: '#/components/parameters/CorrelationId' },
    ]);
  });

  it('offers the correlation header on every operation, defined once', () => {
    expect(upload.parameters).toContainEqual({ $ref: '#/components/parameters/CorrelationId' });
    expect(doc.components.parameters.CorrelationId).toMatchObject({ name: 'X-Correlation-Id', in: 'header' });
  });

  it('describes a multipart body with a binary file part, text fields by the value they take, and no other part', () => {
    const schema = upload.requestBody.content['multipart/form-data'].schema;
    expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.properties.name).toEqual({
      type: 'string',
      minLength: 1,
      pattern: NON_BLANK_SINGLE_LINE_PATTERN,
      maxLength: 200,
    });
    expect(schema.required).toEqual(['file']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('uses the bearer scheme on jwt routes and none on public ones', () => {
    expect(list.security).toEqual([{ bearerAuth: [] }]);
    expect(upload.security).toEqual([]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('answers 200 with the response schema and headers, each error status once with merged descriptions, and 500', () => {
    expect(Object.keys(list.responses)).toEqual(['200', '400', '401', '406', '500', '503']);
    expect(list.responses[200].headers['content-language'].description).toBe('Languages returned');
    expect(list.responses[400].description).toBe('- Bad id\n- Too big');
    expect(list.responses[401].headers['WWW-Authenticate']).toBeDefined();
    expect(list.responses[503].headers['Retry-After']).toBeDefined();
    expect(list.responses[406].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(Object.keys(upload.responses)).toEqual(['200', '500']);
  });

  it('documents the catch-all as x-catch-all with its 404 body, not as a path', () => {
    expect(Object.keys(doc.paths)).toEqual(['/things/{thingId}', '/things/{thingId}/files']);
    expect(doc['x-catch-all'].route).toBe('ANY $default');
    expect(doc['x-catch-all'].responses[404].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { error: { const: 'Not Found' } },
      required: ['error'],
      additionalProperties: false,
    });
  });
});

describe('docs/openapi.json', () => {
  const committed = readFileSync('docs/openapi.json', 'utf8');
  const doc = JSON.parse(committed);

  it('is what `npm run docs` writes from the route table', () => {
    expect(committed, 'docs/openapi.json is stale: run `npm run docs`').toBe(openApiJson(routes));
  });

  it('passes a standard OpenAPI 3.1 validator', async () => {
    await expect(validate(doc)).resolves.toBeTruthy();
  });

  it('lists every route row with every status of its error map, and 500', () => {
    const operations = routes.map((route) =>
      route.path === '$default' ? doc['x-catch-all'] : doc.paths[documentedPath(route)]?.[route.method.toLowerCase()],
    );
    routes.forEach((route, i) => {
      const where = `${route.method} ${route.path}`;
      expect(operations[i], where).toBeDefined();
      const statuses = Object.values(route.errors).map((e) => String(e?.status));
      expect(Object.keys(operations[i].responses), where).toEqual(expect.arrayContaining([...statuses, '500']));
      expect(operations[i].operationId, where).toBeDefined();
    });
    // One operation per row under `paths`, one per HEAD or OPTIONS a row also answers, plus the
    // catch-all: nothing more, nothing less.
    const pathOperations = Object.values<Record<string, unknown>>(doc.paths).flatMap((ops) => Object.keys(ops));
    const rows: readonly Route[] = routes;
    const also = rows.flatMap((route) => route.alsoAnswers ?? []).length;
    expect(also).toBeGreaterThan(0);
    expect(pathOperations.length + 1).toBe(routes.length + also);
    for (const route of rows) {
      for (const method of route.alsoAnswers ?? []) {
        expect(doc.paths[documentedPath(route)][method.toLowerCase()], `${method} ${route.path}`).toBeDefined();
      }
    }
  });
});

describe('docs/openapi-en18222.json', () => {
  const committed = readFileSync('docs/openapi-en18222.json', 'utf8');

  it('is what `npm run docs` writes: the rows under /v1/ alone, from the same route table', () => {
    expect(committed, 'docs/openapi-en18222.json is stale: run `npm run docs`').toBe(openApiEn18222Json(routes));
    const doc = JSON.parse(committed);
    const rows = routes.filter((route) => route.path.startsWith('/v1/'));
    expect(rows.length).toBe(9);
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/v1/'))).toBe(true);
    for (const route of rows)
      expect(doc.paths[documentedPath(route)][route.method.toLowerCase()], route.path).toBeDefined();
  });

  it('passes a standard OpenAPI 3.1 validator', async () => {
    await expect(validate(JSON.parse(committed))).resolves.toBeTruthy();
  });
});

describe('docs/openapi.json refuses what the API refuses', () => {
  const doc = openApiDocument(routes);
  const operation = (method: string, path: string) => doc.paths[path][method];
  const body = (method: string, path: string) => {
    const content = operation(method, path).requestBody.content;
    return (content['application/json'] ?? content['multipart/form-data']).schema;
  };

  it('takes exactly the limits the API takes: the pattern of `limit` and the schema agree on every 1-4 digit string', () => {
    const limit = operation('get', '/dpps').parameters.find((p: { name: string }) => p.name === 'limit').schema;
    const pattern = new RegExp(limit.pattern);
    for (let n = 0; n < 10_000; n++) {
      for (const text of new Set([String(n), String(n).padStart(2, '0'), String(n).padStart(3, '0')])) {
        expect(pattern.test(text), text).toBe(v.is(pageQuery, { limit: text }));
      }
    }
  });

  it('takes exactly the sizes the QR route takes: the patterns of size, mm and dpi and the API agree on every 1-5 digit string', () => {
    const parameters = operation('get', '/dpps/{dppId}/qr').parameters;
    const api = getDppQrInput.entries.query.entries;
    const ranges: Array<[string, number, number]> = [
      ['size', 64, 2400],
      ['mm', 10, 100],
      ['dpi', 72, 1200],
    ];
    for (const [field, min, max] of ranges) {
      const schema = parameters.find((p: { name: string }) => p.name === field).schema;
      const pattern = new RegExp(schema.pattern);
      for (let n = 0; n < 100_000; n++) {
        for (const text of new Set([String(n), String(n).padStart(3, '0')])) {
          const accepted = v.is(api[field as 'size' | 'mm' | 'dpi'], text);
          if (pattern.test(text) !== accepted)
            expect({ field, text, pattern: !accepted }).toEqual({ field, text, pattern: accepted });
        }
      }
      expect([pattern.test(String(min)), pattern.test(String(max)), pattern.test(String(max + 1))]).toEqual([
        true,
        true,
        false,
      ]);
    }
  });

  it('asks for at least one byte in every upload’s file part, as the API refuses an empty file', () => {
    const multipart = (routes as readonly Route[]).filter((r) => r.body === 'multipart');
    expect(multipart.length).toBeGreaterThan(4);
    for (const route of multipart) {
      const file = body(route.method.toLowerCase(), route.path).properties.file;
      expect({ path: route.path, file }).toMatchObject({ path: route.path, file: { format: 'binary', minLength: 1 } });
    }
  });

  it('gives every redirect and multiple choice (3xx but 304) its Location header', () => {
    const seen: string[] = [];
    for (const [path, methods] of Object.entries<
      Record<string, { responses: Record<string, { headers?: { Location?: { schema?: { type?: string } } } }> }>
    >(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (!/^3\d\d$/.test(status) || status === '304') continue;
          seen.push(`${method} ${path} ${status}`);
          expect({ at: `${method} ${path} ${status}`, location: response.headers?.Location?.schema?.type }).toEqual({
            at: `${method} ${path} ${status}`,
            location: 'string',
          });
        }
      }
    }
    // The resolver's 307 and 300, the public downloads' 307, the pages' 303.
    expect(seen).toEqual(expect.arrayContaining(['get /01/{path} 307', 'get /01/{path} 300', 'get /01/{gtin} 307']));
  });

  it('asks for at least one field on every partial update (PUT)', () => {
    // Not a whole document (an aspect's PUT: a row with `mediaTypes`), which may be empty.
    const table: readonly Route[] = routes;
    const puts = table.filter((r) => r.method === 'PUT' && r.mediaTypes === undefined).map(documentedPath);
    expect(puts).toHaveLength(11);
    for (const path of puts) {
      const schema = body('put', path);
      // A PUT whose one field is required (an image's tier) asks for it by `required`.
      expect(schema.minProperties ?? (schema.required?.length > 0 ? 1 : undefined), path).toBe(1);
    }
  });

  it('says uniqueItems where a list refuses the same item twice', () => {
    expect(body('post', '/related-dpps/{companyId}/{dppId}').properties.relatedDppIds).toMatchObject({
      type: 'array',
      minItems: 1,
      uniqueItems: true,
    });
  });

  it("lists the KYB data's country codes: the ones VIES covers, and GR", () => {
    const country = body('post', '/verify-business').properties.userData.properties.country_code;
    expect(country.enum).toEqual(expect.arrayContaining(['AT', 'EL', 'GR', 'IT', 'XI']));
    expect(country.enum).not.toContain('US');
    expect(country.enum).toHaveLength(29);
  });

  it('gives text that must not be blank after trimming a non-blank pattern', () => {
    const userId = body('post', '/discount-subscription').properties.userId;
    expect(userId).toMatchObject({ type: 'string', minLength: 1, pattern: '\\S' });
    expect(new RegExp(userId.pattern).test(' \t ')).toBe(false);
    // A trimmed text that may be empty has none.
    expect(body('post', '/templates').properties.description?.pattern).toBeUndefined();
  });

  it('gives a single-line text a pattern without line breaks, control or bidirectional characters', () => {
    const name = body('post', '/templates').properties.name;
    expect(name).toMatchObject({ type: 'string', minLength: 1, pattern: NON_BLANK_SINGLE_LINE_PATTERN });
    const pattern = new RegExp(name.pattern);
    expect(pattern.test('Trekking e-bike — 日本語')).toBe(true);
    for (const refused of [' \t ', 'a\nb', 'a\r', 'a\u0085', 'a\u202Eb', '\u2066a\u2069']) {
      expect(pattern.test(refused), JSON.stringify(refused)).toBe(false);
    }
    // One that may be empty (a KYB line) has the plain single-line pattern.
    const kyb = body('post', '/verify-business').properties.userData.properties.district_or_province;
    expect(kyb.pattern).toBe(SINGLE_LINE_PATTERN);
  });

  it('requires the file part of the uploads and of the notarization, not of the updates', () => {
    const uploads = routes.filter((r) => r.method === 'POST' && (r as { body?: string }).body === 'multipart');
    expect(uploads.map((r) => r.fn).sort()).toEqual([
      'create-dpp-file',
      'create-dpp-image',
      'create-template-file',
      'notarize-dpp-version',
    ]);
    for (const route of uploads) expect(body('post', route.path).required, route.path).toContain('file');
    for (const route of routes.filter((r) => r.method === 'PUT' && r.body === 'multipart')) {
      expect(body('put', route.path).required ?? [], route.path).not.toContain('file');
    }
  });

  it('says in its introduction which routes answer a not-found with 406, from the rows, and that the rest are 404', () => {
    const table: readonly Route[] = routes;
    const intro = doc.info.description as string;
    expect(intro).not.toContain('406 everywhere');
    const sentence = /gives 406, (.*?), and 404 everywhere else/s.exec(intro)?.[1] ?? '';
    const listed = sentence.split(/,\s*/).map((route) => route.replace(/`/g, ''));
    expect(listed.sort()).toEqual(
      table
        .filter((r) => r.errors.not_found?.status === 406)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
    expect(table.find((r) => r.fn === 'get-public-dpp-file')?.errors.not_found?.status).toBe(404);
  });

  it("gives a version's number the interface's type in each list: a string in the versions, an integer in the notarizations", () => {
    const item = (path: string, list: string) =>
      operation('get', path).responses[200].content['application/json'].schema.properties[list].items.properties;
    expect(item('/view-dpp-versions/{dppId}', 'versions').version.type).toBe('string');
    expect(item('/view-dpp-notarizations/{dppId}', 'notarizations').version.type).toBe('integer');
  });

  it("lists access_tier's enum on every multipart route that takes it, and closes every request body", () => {
    const tiers = ['public', 'legitimate_interest', 'authority', 'company'];
    const table: readonly Route[] = routes;
    const multipart = table.filter((r) => r.body === 'multipart');
    const withTier = multipart.filter((r) => body(r.method.toLowerCase(), r.path).properties.access_tier);
    expect(withTier.map((r) => r.fn)).toEqual(expect.arrayContaining(['create-dpp-file', 'create-dpp-image']));
    for (const r of withTier) {
      expect(body(r.method.toLowerCase(), documentedPath(r)).properties.access_tier, r.fn).toEqual({
        type: 'string',
        enum: tiers,
      });
    }
    // A document body (an aspect's) is open here: the profile, not the schema, names its fields.
    for (const r of table.filter((route) => route.body !== undefined && route.mediaTypes === undefined)) {
      expect(body(r.method.toLowerCase(), documentedPath(r)).additionalProperties, r.fn).toBe(false);
    }
    for (const r of table.filter((route) => route.mediaTypes !== undefined)) {
      expect(Object.keys(operation(r.method.toLowerCase(), documentedPath(r)).requestBody.content), r.fn).toEqual(
        r.mediaTypes,
      );
    }
  });

  it("names the public routes in its description, from the rows' auth", () => {
    const publicRoutes = routes.filter((r) => r.auth === 'public' && r.path !== '$default');
    expect(publicRoutes.length).toBeGreaterThan(1);
    for (const r of publicRoutes) expect(doc.info.description).toContain(`\`${r.method} ${r.path}\``);
    expect(doc.info.description).not.toContain('`GET /dpps`');
  });

  it('describes every tag and every operation', () => {
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
    for (const [path, operations] of Object.entries<Record<string, { description?: string }>>(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) expect(op.description, `${method} ${path}`).toBeTruthy();
    }
  });
});
