import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Route } from '../../../lib/api/contract';
import { isCatchAll, routes } from '../../../lib/api/routes';
import { ValidationError } from '../../../lib/errors';
import { parseInput, type RawInput } from '../../../lib/http/middleware/validate';
import { unknownKeys } from '../../../lib/http/unknown-keys';

/**
 * Fail closed, for every row of the route table (so a new route is covered the day it is
 * added): its own example request passes its input validation, and the same request with one
 * more query parameter, JSON property or multipart part is a 400 naming it.
 */

/** Rows whose query is declared open, and why: nothing else may take unknown query parameters. */
const OPEN_QUERY: Record<string, string> = {
  'resolve-item': 'GS1 Digital Link: the rest of the query string is passed on to the redirect',
  'resolve-product': 'GS1 Digital Link: the rest of the query string is passed on to the redirect',
};

const filePart = (name: string) => ({
  filename: name,
  mimetype: 'application/pdf',
  encoding: '7bit',
  truncated: false,
  content: Buffer.from('%PDF-1.4'),
});

const exampleInput = (route: Route): RawInput => {
  const { example } = route;
  const multipart = example.multipart;
  return {
    params: { ...example.params },
    query: { ...example.query },
    headers: { ...example.headers },
    body: example.json
      ? { ...example.json }
      : multipart
        ? { ...multipart.fields, ...(multipart.file && { file: filePart(multipart.file.name) }) }
        : {},
  };
};

const detailsOf = (raw: RawInput, schema: Route['input']) => {
  try {
    parseInput(schema, raw);
  } catch (error) {
    if (error instanceof ValidationError) return (error.details ?? []).map((d) => d.path);
    throw error;
  }
  return [];
};

const rows: readonly Route[] = routes.filter((route) => !isCatchAll(route));

describe('every route refuses what its input schema does not declare', () => {
  it.each(rows.map((route) => [route.fn, route] as const))('%s: its example passes validation', (_, route) => {
    expect(detailsOf(exampleInput(route), route.input)).toEqual([]);
  });

  it.each(rows.filter((route) => !(route.fn in OPEN_QUERY)).map((route) => [route.fn, route] as const))(
    '%s: an unknown query parameter is a 400 naming it',
    (_, route) => {
      const raw = exampleInput(route);
      raw.query = { ...raw.query, not_a_parameter: 'x' };
      expect(detailsOf(raw, route.input)).toContain('not_a_parameter');
    },
  );

  // A document body (an aspect's: a row with `mediaTypes`) is a record here; its fields are checked
  // against the profile by its use case (test/functions/dpp-aspects.test.ts), not by the input schema.
  it.each(
    rows
      .filter((route) => route.body !== undefined && route.mediaTypes === undefined)
      .map((route) => [route.fn, route.body, route] as const),
  )('%s: an unknown %s body field is a 400 naming it', (_, __, route) => {
    const raw = exampleInput(route);
    raw.body = { ...(raw.body as object), not_a_field: 'x' };
    expect(detailsOf(raw, route.input)).toContain('not_a_field');
  });

  it('an open query is declared open, so the list above names only rows that need it', () => {
    for (const fn of Object.keys(OPEN_QUERY)) {
      const route = rows.find((row) => row.fn === fn);
      expect(route, fn).toBeDefined();
      const raw = route ? exampleInput(route) : undefined;
      if (route && raw)
        expect(detailsOf({ ...raw, query: { ...raw.query, utm_source: 'x' } }, route.input)).toEqual([]);
    }
  });
});

describe('unknownKeys', () => {
  const schema = v.object({
    query: v.object({ limit: v.optional(v.string()) }),
    body: v.pipe(
      v.object({
        name: v.string(),
        userData: v.optional(v.object({ vat: v.string() })),
        items: v.array(v.object({ id: v.string() })),
        open: v.looseObject({ a: v.string() }),
        strict: v.strictObject({ b: v.string() }),
        either: v.union([v.object({ x: v.string() }), v.object({ y: v.string() })]),
      }),
      v.check(() => true),
    ),
  });

  it('names unknown keys at any depth, in arrays and in union members, with what is known', () => {
    const found = unknownKeys(schema, {
      query: { limit: '1', lang: 'it' },
      body: {
        name: 'n',
        colour: 'red',
        userData: { vat: '1', extra: 1 },
        items: [{ id: '1' }, { id: '2', more: true }],
        open: { a: 'a', anything: 1 },
        strict: { b: 'b', reported: 'by valibot' },
        either: { x: '1', z: 1 },
      },
    });
    expect(found.map((f) => f.path).sort()).toEqual(['colour', 'either.z', 'items.1.more', 'lang', 'userData.extra']);
    expect(found.find((f) => f.path === 'lang')?.message).toBe('is not a query parameter of this route (limit)');
    expect(found.find((f) => f.path === 'colour')?.message).toMatch(/^is not a field of this route \(name, /);
  });

  it('takes no query parameter and no body field where the schema declares none', () => {
    expect(unknownKeys(v.object({ params: v.object({}) }), { query: { cb: '1' }, body: { a: 1 } })).toEqual([
      { path: 'cb', message: 'is not a query parameter of this route (it takes none)' },
      { path: 'a', message: 'is not a field of this route (it takes none)' },
    ]);
  });

  it('reads the raw body of a route that declares none: a JSON object names its keys', () => {
    expect(unknownKeys(v.object({}), { query: {}, body: '{"since":"2026-01-01"}' })).toEqual([
      { path: 'since', message: 'is not a field of this route (it takes none)' },
    ]);
    expect(unknownKeys(v.object({}), { query: {}, body: Buffer.from('{"a":1}') })).toEqual([
      { path: 'a', message: 'is not a field of this route (it takes none)' },
    ]);
  });

  it('refuses any other body on a route that declares none, whole', () => {
    for (const body of ['raw text', '[1]', 'null', '"x"'])
      expect(unknownKeys(v.object({}), { query: {}, body })).toEqual([
        { path: 'body', message: 'is not taken by this route: send none' },
      ]);
  });

  it('takes an absent, blank or empty-object body on a route that declares none', () => {
    for (const body of [undefined, {}, '', '  \n', '{}', ' { } '])
      expect(unknownKeys(v.object({}), { query: {}, body })).toEqual([]);
  });
});
