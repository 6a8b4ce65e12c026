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

/**
 * What the resolver reads from a request besides the path: `linkType` (the rest of the query
 * string is passed on to a redirect), `Accept` and `If-None-Match`.
 */
export const resolverRequest = {
  query: v.looseObject({ linkType: v.optional(v.string()) }),
  headers: v.object({ accept: v.optional(v.string()), 'if-none-match': v.optional(v.string()) }),
};
