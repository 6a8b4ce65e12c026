import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { indexPage } from '../data/index-page';
import { indexRanges } from '../data/keys';
import { pageQuery } from '../schemas';
import { companyDppFields, type DppItem } from './model';

export const listDppsInput = v.object({ query: pageQuery });

/** A page of the caller's company's DPPs, oldest id first (ids are UUIDv7: the order they were created). */
export async function listDpps(auth: Principal, { query }: v.InferOutput<typeof listDppsInput>) {
  const { items, nextCursor } = await indexPage<DppItem>(
    indexRanges.companyDpps(auth.companyId),
    auth.companyId,
    query,
  );
  return { dpps: items.map(companyDppFields), ...(nextCursor && { nextCursor }) };
}
