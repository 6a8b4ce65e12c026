import * as v from 'valibot';
import { gs1CheckDigit } from '../dpps/gtin';

/**
 * The primary key of a Digital Link URI (AI 01): a GTIN in 8, 12, 13 or 14 digits, the same
 * product as its 14-digit form zero-padded on the left, with a correct GS1 check digit.
 */
export const gtinParam = v.pipe(
  v.string(),
  v.regex(/^(\d{8}|\d{12}|\d{13}|\d{14})$/, 'must be a GTIN: 8, 12, 13 or 14 digits'),
  v.examples(['08012345000012', '8012345000012', '036000291452', '12345670']),
  v.transform((gtin) => gtin.padStart(14, '0')),
  v.check((gtin14) => gs1CheckDigit(gtin14.slice(0, 13)) === Number(gtin14[13]), 'has a wrong GS1 check digit'),
);

/**
 * A serial (AI 21): 1 to 20 characters of GS1's character set 82 (after percent-decoding),
 * without `%`: a `%` left after decoding is a path that was not valid percent-encoding, and no
 * serial the service gives (lib/dpps/gtin.ts) has one.
 */
export const serialParam = v.pipe(
  v.string(),
  v.regex(/^[!"&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/, "must be 1-20 characters of GS1's character set 82 but %"),
);

/** GS1's character set 82 (1-20 characters, no `%`): a serial (AI 21), a lot (AI 10), a consumer product variant (AI 22). */
const SET_82 = /^[!"&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;

/** The key qualifiers of a GTIN, in the order GS1 Digital Link's path puts them (22, then 10, then 21). */
export const GTIN_QUALIFIERS = [
  { ai: '22', name: 'cpv', label: 'consumer product variant' },
  { ai: '10', name: 'lot', label: 'lot' },
  { ai: '21', name: 'serial', label: 'serial' },
] as const;

export interface QualifiedGtin {
  /** The GTIN in its 14-digit form. */
  gtin: string;
  cpv?: string;
  lot?: string;
  serial?: string;
}

/**
 * The path of a Digital Link URI after `/01/` (the item row's greedy `{path+}`): the GTIN, then
 * its key qualifiers as `<ai>/<value>` pairs, each at most once and in GS1 Digital Link's order
 * (`22`, `10`, `21`); one trailing slash is tolerated. Anything else (`/foo`, an AI out of order,
 * twice or not a qualifier of 01, an empty or over-long value) is not a Digital Link URI: 400,
 * naming what is wrong.
 */
export const digitalLinkPathParam = v.pipe(
  v.string(),
  v.examples(['08012345000012/21/X1-000123', '08012345000012/10/KL8G/21/X1-000123']),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const fail = (message: string) => {
      addIssue({ message });
      return NEVER;
    };
    const segments = dataset.value.replace(/\/$/, '').split('/');
    const [gtin = '', ...rest] = segments;
    const parsedGtin = v.safeParse(gtinParam, gtin);
    if (!parsedGtin.success) return fail(`the GTIN ${parsedGtin.issues[0].message}`);
    if (rest.length % 2 !== 0) {
      return fail('must be the GTIN then key qualifiers as <AI>/<value> pairs (22, 10, 21, in that order)');
    }
    const result: QualifiedGtin = { gtin: parsedGtin.output };
    let next = 0;
    for (let i = 0; i < rest.length; i += 2) {
      const [ai = '', value = ''] = rest.slice(i, i + 2);
      const at = GTIN_QUALIFIERS.findIndex((q) => q.ai === ai);
      const qualifier = GTIN_QUALIFIERS[at];
      if (!qualifier) return fail(`has ${ai} where a key qualifier of 01 (22, 10 or 21) must be`);
      if (at < next) return fail(`has the key qualifier ${ai} out of GS1 Digital Link's order (22, 10, 21) or twice`);
      if (!SET_82.test(value)) {
        return fail(`has a ${qualifier.label} (AI ${ai}) that is not 1-20 characters of GS1's character set 82 but %`);
      }
      result[qualifier.name] = value;
      next = at + 1;
    }
    return result;
  }),
);

/**
 * What the resolver reads from a request besides the path: `linkType` (the rest of the query
 * string is passed on to a redirect), `Accept` and `Accept-Language` (to choose among links of
 * one type) and `If-None-Match`.
 */
export const resolverRequest = {
  query: v.looseObject({ linkType: v.optional(v.string()) }),
  headers: v.object({
    accept: v.optional(v.string()),
    'accept-language': v.optional(v.string()),
    'if-none-match': v.optional(v.string()),
  }),
};
