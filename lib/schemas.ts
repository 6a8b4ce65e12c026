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

/**
 * A regular expression source matching exactly the whole numbers from `min` to `max` (1 or more,
 * written without leading zeros): `wholeNumberPattern(64, 2400)` refuses 63, 2401 and `064`. A
 * text parameter's pattern is then its whole rule, which the OpenAPI document shows as it is.
 */
export function wholeNumberPattern(min: number, max: number): string {
  const parts: string[] = [];
  for (let digits = String(min).length; digits <= String(max).length; digits++) {
    const lo = Math.max(min, digits === 1 ? 1 : 10 ** (digits - 1));
    const hi = Math.min(max, 10 ** digits - 1);
    if (lo <= hi) parts.push(...sameLengthRange(String(lo), String(hi)));
  }
  return `^(?:${parts.join('|')})$`;
}

/** The alternatives matching the numbers from `lo` to `hi`, written with as many digits as each other. */
function sameLengthRange(lo: string, hi: string): string[] {
  if (lo === hi) return [lo];
  const rest = lo.length - 1;
  const [a, b] = [lo.charAt(0), hi.charAt(0)];
  if (a === b) return sameLengthRange(lo.slice(1), hi.slice(1)).map((tail) => a + tail);
  const any = rest > 0 ? `\\d{${rest}}` : '';
  const out: string[] = [];
  let from = Number(a);
  let to = Number(b);
  if (!/^0*$/.test(lo.slice(1))) {
    out.push(...sameLengthRange(lo.slice(1), '9'.repeat(rest)).map((tail) => a + tail));
    from++;
  }
  const hiTails = /^9*$/.test(hi.slice(1)) ? undefined : sameLengthRange('0'.repeat(rest), hi.slice(1));
  if (hiTails) to--;
  if (from <= to) out.push(`${from === to ? from : `[${from}-${to}]`}${any}`);
  if (hiTails) out.push(...hiTails.map((tail) => b + tail));
  return out;
}
