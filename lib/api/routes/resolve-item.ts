import { resolveItemInput } from '../../resolver/resolve';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { linksetResponse, RESOLVER_ANSWERS, RESOLVER_DESCRIPTION } from '../resolver-docs';

export const resolveItemRoute = defineRoute({
  method: 'GET',
  path: '/01/{gtin}/21/{serial}',
  fn: 'resolve-item',
  auth: 'public',
  alsoAnswers: ['HEAD', 'OPTIONS'],
  access: { table: 'read', links: true },
  input: resolveItemInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const resolveItemDocs = /* @__PURE__ */ describeRoute(resolveItemRoute, () => ({
  tag: 'Resolver',
  summary: 'Resolve an item’s GS1 Digital Link URI (GTIN + serial) to its passport',
  description:
    'The URI a DPP’s data carrier encodes (`search_id` `01/<gtin14>/21/<serial>` on the public base URL). ' +
    RESOLVER_DESCRIPTION,
  status: 307,
  response: linksetResponse,
  answers: RESOLVER_ANSWERS,
  errors: {
    invalid: invalid(
      'The GTIN is not 8, 12, 13 or 14 digits or has a wrong check digit, or the serial is not 1-20 characters of GS1’s set 82 (but `%`)',
    ),
    not_found:
      'No published DPP has this GTIN and serial (`DPP_NOT_FOUND`), or it has no link of the asked `linkType` (`LINK_TYPE_NOT_FOUND`)',
  },
  // The demo passport X1's search_id (demo-data.json).
  example: { params: { gtin: '08012345000012', serial: 'X1-000123' }, status: 307, stubbedStatus: 200 },
}));
