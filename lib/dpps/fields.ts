import * as v from 'valibot';
import { InvalidInputError } from '../errors';
import { ISO_639_1 } from '../languages';
import { singleLineText } from '../schemas';
import { isGtin14 } from './gtin';

/** The rules of a DPP's own fields in a request (POST and PUT /dpps), beside lib/schemas.ts's shared ones. */

/** What the interface calls a DPP's `type` (stored as `dpp_type`): free text, e.g. `e-bike` or `battery`. */
export const dppType = singleLineText(100);

/** The GTIN-14 of the DPP's product model (docs/behaviour.md, DPP fields). */
export const gtin14 = v.pipe(
  v.string(),
  v.regex(/^\d{14}$/, 'must be a GTIN-14: 14 digits (a GTIN-13, -12 or -8 with leading zeros)'),
  v.check(isGtin14, 'must end in the GS1 check digit of the 13 digits before it'),
  v.examples(['08012345000012', '04006381333931', '06291041500213']),
);

/** The language name and description are written in (the source of every translation). */
export const sourceLanguage = v.picklist(ISO_639_1, 'must be an ISO 639-1 code in lowercase, such as en or it');

/** A `template_id` that names no template of the caller's company (another company's answers the same). */
export const templateNotOfCompany = () =>
  new InvalidInputError('template_id names no template of your company', 'TEMPLATE_NOT_FOUND', [
    { path: 'template_id', message: 'is not a template of your company' },
  ]);
