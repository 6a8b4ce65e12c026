import * as v from 'valibot';
import { singleLine } from './text';

export { singleLine };

/** Shared field rules for request schemas (valibot: see docs/architecture.md, Libraries). */
export const uuid = /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.uuid('must be a UUID'));
/** Ids that are not UUIDs in the interface (DPP ids, DPP file ids): safe key characters only. */
export const id = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, - or _'),
);

/** A single-line text of 1 to `max` characters, trimmed. */
export const singleLineText = (max: number) =>
  v.pipe(v.string(), singleLine, v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(max));

export const name = /* @__PURE__ */ singleLineText(200);
export const description = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.trim(),
  /* @__PURE__ */ v.maxLength(2000),
);

/**
 * The requirement of a list's "no item twice" check (`v.check(distinct, …)`): one named
 * function, so the OpenAPI document recognises the check and says `uniqueItems`.
 */
export const distinct = <T>(items: readonly T[]): boolean => new Set(items).size === items.length;

/**
 * The schema of each optionalText field's value when one is sent, by the field's own schema:
 * the OpenAPI document shows it (lib/api/openapi.ts), where the pipe's input type alone is a
 * bare string (its checks come after the transform), so an `access_tier` part lists its enum.
 */
export const textFieldValues = new WeakMap<object, v.GenericSchema>();

/** A multipart text field that may be sent empty: empty means "not given". */
export const optionalText = <T extends v.GenericSchema<string, unknown>>(schema: T) => {
  const field = v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.optional(schema),
    ),
  );
  textFieldValues.set(field, schema);
  return field;
};

/** `?limit=` (1–100, default 100) and `?cursor=` (opaque) on every list (docs/spec/decisions.md, Lists). */
export const pageQuery = /* @__PURE__ */ v.object({
  limit: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ v.string(),
      // Exactly the 1-3 digit numbers from 1 to 100 (`007` too), so the document's pattern is the rule.
      /* @__PURE__ */ v.regex(/^(?:0{0,2}[1-9]|0?[1-9]\d|100)$/, 'must be a whole number from 1 to 100'),
      /* @__PURE__ */ v.transform(Number),
      /* @__PURE__ */ v.minValue(1, 'must be a whole number from 1 to 100'),
      /* @__PURE__ */ v.maxValue(100, 'must be a whole number from 1 to 100'),
    ),
    '100',
  ),
  cursor: /* @__PURE__ */ v.optional(
    /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ v.string(),
      /* @__PURE__ */ v.minLength(1),
      /* @__PURE__ */ v.maxLength(1024),
    ),
  ),
});
export type PageQuery = v.InferOutput<typeof pageQuery>;

/**
 * What a validation problem says to a person. valibot words a missing key of an object as
 * `Invalid key: Expected "name" but received undefined`, and a strict object's own message
 * (meant for its unknown keys) replaces that too; both read `is required` here.
 */
export function issueMessage(issue: v.BaseIssue<unknown>): string {
  const missingKey =
    issue.kind === 'schema' &&
    issue.type.endsWith('object') &&
    issue.received === 'undefined' &&
    issue.expected?.startsWith('"');
  return missingKey ? 'is required' : issue.message;
}
