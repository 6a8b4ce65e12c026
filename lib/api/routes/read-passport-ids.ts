import * as v from 'valibot';
import { readIdsByProductsInput } from '../../passport-api/read-ids-by-products';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';

export const readPassportIdsRoute = defineRoute({
  method: 'POST',
  path: '/v1/dppsByProductIds',
  fn: 'read-passport-ids',
  auth: 'public',
  access: { table: 'read' },
  body: 'json',
  input: readIdsByProductsInput,
  errors: { invalid: 400, too_large: 413, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const readPassportIdsDocs = /* @__PURE__ */ describeRoute(readPassportIdsRoute, () => ({
  tag: 'EN 18222 passport API',
  summary: 'ReadDPPIdsByProductIds: the ids of the published passports of each product, paged',
  description:
    'EN 18222’s ReadDPPIdsByProductIds. JSON `{productIds, limit?, page?}`: 1 to 100 GTIN-14s; for each, in the ' +
    'order asked, the ids of its published passports, oldest first (`dppIds: []` for none; at most 100 a product). ' +
    'Paged over the products: `limit` of them a page (1-20, default 10), and `nextPage` while some are left: the ' +
    'same body with `page` set to it gives the next page. Public: a published passport’s id is public.',
  response: v.strictObject({
    dpps: v.array(v.strictObject({ productId: v.string(), dppIds: v.array(v.string()) })),
    nextPage: v.optional(v.string()),
  }),
  errors: {
    invalid: invalid(
      'A product id that is not a GTIN-14 with its check digit, a `limit` out of 1-20, a `page` past the products, or an unknown field',
    ),
    too_large: 'The body exceeds 256 KiB',
  },
  example: { json: { productIds: ['08431234000238', '08012345000012'], limit: 1 }, status: 200 },
}));
