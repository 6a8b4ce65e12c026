import * as v from 'valibot';
import type { ReadRequest } from '../access-tiers/read-access';
import { gtin14 } from '../dpps/fields';
import { dppNotFound } from '../dpps/model';
import { publishedDppIdsOf } from '../resolver/repository';
import { readHeaders, readQuery } from './model';
import { readPassport } from './read-passport';

export const readPassportByProductInput = v.object({
  params: v.object({ productId: gtin14 }),
  query: v.object(readQuery),
  headers: v.object(readHeaders),
});

/**
 * ReadDPPByProductId (GET /v1/dppsByProductId/{productId}): the newest published passport of a
 * product, by its GTIN-14 (what the resolver's product level answers: `GET /01/{gtin}`), read as
 * ReadDPPById reads it. Each passport is one item; ReadDPPIdsByProductIds lists them all. None
 * published: 404 DPP_NOT_FOUND.
 */
export async function readPassportByProduct(
  { params, query, headers }: v.InferOutput<typeof readPassportByProductInput>,
  request: ReadRequest,
) {
  const newest = (await publishedDppIdsOf(params.productId)).at(-1);
  if (newest === undefined) throw dppNotFound();
  return readPassport(
    newest,
    {
      representation: query.representation,
      access: query.access,
      header: headers['x-dpp-access'],
      language: headers.language,
    },
    request,
  );
}
