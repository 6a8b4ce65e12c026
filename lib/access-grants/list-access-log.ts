import * as v from 'valibot';
import { logView } from '../access-tiers/model';
import type { Principal } from '../auth/claims';
import { accessLogRange } from '../data/keys';
import { decodeCursor, encodeCursor } from '../data/paging';
import { dppNotFound } from '../dpps/model';
import { readDpp } from '../dpps/repository';
import { id, pageQuery } from '../schemas';
import { pageLog } from './repository';

export const listAccessLogInput = v.object({ params: v.object({ dppId: id }), query: pageQuery });

/** A page of the reads through a DPP's access grants, newest first: which grant, when, where, what was served. */
export async function listAccessLog(auth: Principal, { params, query }: v.InferOutput<typeof listAccessLogInput>) {
  const binding = { range: accessLogRange(params.dppId), companyId: auth.companyId };
  const after = query.cursor === undefined ? undefined : await decodeCursor(query.cursor, binding);
  const [dpp, page] = await Promise.all([readDpp(params.dppId), pageLog(params.dppId, query.limit, after)]);
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  return {
    entries: page.items.map(logView),
    ...(page.nextKey && { nextCursor: await encodeCursor(page.nextKey, binding) }),
  };
}
