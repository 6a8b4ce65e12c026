import { RESOLVER_OPTIONS_HEADERS, resolveItemInput } from '../../resolver/resolve';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { linksetResponse, RESOLVER_ANSWERS, RESOLVER_DESCRIPTION } from '../resolver-docs';

export const resolveItemRoute = defineRoute({
  method: 'GET',
  path: '/01/{path+}',
  fn: 'resolve-item',
  auth: 'public',
  alsoAnswers: ['HEAD', 'OPTIONS'],
  optionsHeaders: RESOLVER_OPTIONS_HEADERS,
  access: { table: 'read', links: true },
  input: resolveItemInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const resolveItemDocs = /* @__PURE__ */ describeRoute(resolveItemRoute, () => ({
  tag: 'Resolver',
  summary: 'Resolve a GS1 Digital Link URI with key qualifiers (GTIN, then 22, 10, 21) to its passport',
  description:
    'The URI a DPP’s data carrier encodes (`search_id` `01/<gtin14>/21/<serial>` on the public base URL), and ' +
    'every other Digital Link URI of a GTIN: `path` is the GTIN then its key qualifiers as `<AI>/<value>` pairs in ' +
    'GS1 Digital Link’s order, consumer product variant `22`, lot `10`, serial `21` (each 1-20 characters of GS1’s ' +
    'set 82 but `%` and `/`), with one trailing slash tolerated. A serial names an item, anchored at the URI as ' +
    'asked (canonical: 14-digit GTIN, no trailing slash); without one, or when no published DPP has it, the ' +
    'resolver walks up to the product and answers as `GET /01/{gtin}` does. ' +
    RESOLVER_DESCRIPTION,
  status: 307,
  response: linksetResponse,
  answers: RESOLVER_ANSWERS,
  errors: {
    invalid: invalid(
      'Not a GS1 Digital Link URI: the GTIN is not 8, 12, 13 or 14 digits or has a wrong check digit, a segment is left over (`…/foo`), an AI is not a key qualifier of 01, out of order or twice, or a value is not 1-20 characters of GS1’s set 82 (but `%`)',
    ),
    not_found:
      'No published DPP has this GTIN (`DPP_NOT_FOUND`), or the DPP answered has no link of the asked `linkType` (`LINK_TYPE_NOT_FOUND`)',
  },
  // The demo passport X1's search_id (demo-data.json).
  example: { params: { path: '08012345000012/21/X1-000123' }, status: 307, stubbedStatus: 200 },
}));
