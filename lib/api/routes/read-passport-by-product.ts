import { readPassportByProductInput } from '../../passport-api/read-passport-by-product';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { en18222Passport } from '../views';
import { EN18222_READ } from './passport-api-docs';

export const readPassportByProductRoute = defineRoute({
  method: 'GET',
  path: '/v1/dppsByProductId/{productId}',
  fn: 'read-passport-by-product',
  auth: 'public',
  access: { table: 'update', bucket: ['get'], links: true },
  input: readPassportByProductInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const readPassportByProductDocs = /* @__PURE__ */ describeRoute(readPassportByProductRoute, () => ({
  tag: 'EN 18222 passport API',
  summary: 'ReadDPPByProductId: the newest published passport of a product (GTIN-14)',
  description:
    'EN 18222’s ReadDPPByProductId. `productId` is the product’s GTIN-14 (what the resolver’s product level ' +
    '`GET /01/{gtin}` takes); each passport is one serialised item of it, and the newest published one answers, ' +
    'as `GET /v1/dpps/{dppId}` does (`POST /v1/dppsByProductIds` lists them all). ' +
    EN18222_READ,
  response: en18222Passport,
  responseHeaders: {
    'content-language': 'The languages of the texts returned, the asked one first',
    vary: '`language, x-dpp-access`',
  },
  errors: {
    invalid: invalid('`productId` is not a GTIN-14 with its check digit, or an unknown query parameter'),
    not_found: 'No published passport of this product (`DPP_NOT_FOUND`)',
  },
  example: { params: { productId: '08431234000238' }, status: 200 },
}));
