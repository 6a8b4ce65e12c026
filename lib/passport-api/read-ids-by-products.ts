import * as v from 'valibot';
import { gtin14 } from '../dpps/fields';
import { InvalidInputError } from '../errors';
import { publishedDppIdsOf } from '../resolver/repository';

/** The most product ids a request names, and the most a page reads (each one Query). */
export const MAX_PRODUCT_IDS = 100;
export const MAX_PRODUCTS_PAGE = 20;

export const readIdsByProductsInput = v.object({
  body: v.strictObject(
    {
      productIds: v.pipe(
        v.array(gtin14),
        v.minLength(1, 'must name at least one product'),
        v.maxLength(MAX_PRODUCT_IDS, `must name at most ${MAX_PRODUCT_IDS} products`),
      ),
      limit: v.optional(
        v.pipe(
          v.number(),
          v.integer('must be a whole number'),
          v.minValue(1, 'must be at least 1'),
          v.maxValue(MAX_PRODUCTS_PAGE, `must be at most ${MAX_PRODUCTS_PAGE}`),
        ),
        10,
      ),
      /** The `nextPage` of the page before: where in `productIds` this page starts (not a list cursor: it names no stored item). */
      page: v.optional(v.pipe(v.string(), v.regex(/^(0|[1-9]\d{0,2})$/, 'must be the nextPage of the page before'))),
    },
    'is not a field of this request (productIds, limit, page)',
  ),
});

/**
 * ReadDPPIdsByProductIds (POST /v1/dppsByProductIds): for each product id (a GTIN-14) the ids of its
 * published passports, oldest first, in the order the products were asked; paged over the products
 * (`limit` a page, `nextPage` while some are left: the same body with it gives the next page). A
 * product with none has `dppIds: []`. Each product is one Query of its Digital Link entries, so at
 * most 100 passports a product (the resolver's product level reads as many).
 */
export async function readIdsByProducts({ body }: v.InferOutput<typeof readIdsByProductsInput>) {
  const start = body.page === undefined ? 0 : Number(body.page);
  if (start >= body.productIds.length)
    throw new InvalidInputError('the page starts past the products asked', 'VALIDATION_ERROR', [
      { path: 'page', message: 'must be the nextPage of the page before' },
    ]);
  const page = body.productIds.slice(start, start + body.limit);
  const dpps = await Promise.all(
    page.map(async (productId) => ({ productId, dppIds: await publishedDppIdsOf(productId) })),
  );
  const next = start + page.length;
  return { dpps, ...(next < body.productIds.length && { nextPage: String(next) }) };
}
