import { RESOLVER_OPTIONS_HEADERS, resolveProductInput } from '../../resolver/resolve';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { linksetResponse, RESOLVER_ANSWERS, RESOLVER_DESCRIPTION } from '../resolver-docs';

export const resolveProductRoute = defineRoute({
  method: 'GET',
  path: '/01/{gtin}',
  fn: 'resolve-product',
  auth: 'public',
  alsoAnswers: ['HEAD', 'OPTIONS'],
  optionsHeaders: RESOLVER_OPTIONS_HEADERS,
  access: { table: 'read', links: true },
  input: resolveProductInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const resolveProductDocs = /* @__PURE__ */ describeRoute(resolveProductRoute, () => ({
  tag: 'Resolver',
  summary: 'Resolve a product’s GS1 Digital Link URI (GTIN) to its newest published passport',
  description:
    'Several DPPs (items) may share a GTIN: the product level answers as its newest published DPP (the greatest ' +
    'id; ids are UUIDv7, in creation order) would, and its link set also lists every published DPP of the GTIN ' +
    'under `item` (their item-level URIs; the first 100 entries of the GTIN are read). ' +
    RESOLVER_DESCRIPTION,
  status: 307,
  response: linksetResponse,
  answers: RESOLVER_ANSWERS,
  errors: {
    invalid: invalid('The GTIN is not 8, 12, 13 or 14 digits, or has a wrong check digit'),
    not_found:
      'No published DPP has this GTIN (`DPP_NOT_FOUND`), or it has no link of the asked `linkType` (`LINK_TYPE_NOT_FOUND`)',
  },
  // The demo passport X1's GTIN (demo-data.json).
  example: { params: { gtin: '08012345000012' }, status: 307, stubbedStatus: 200 },
}));
