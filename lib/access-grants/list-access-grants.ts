import * as v from 'valibot';
import { grantView } from '../access-tiers/model';
import type { Principal } from '../auth/claims';
import { accessGrantsRange } from '../data/keys';
import { decodeCursor, encodeCursor } from '../data/paging';
import { dppNotFound } from '../dpps/model';
import { readDpp } from '../dpps/repository';
import { id, pageQuery } from '../schemas';
import { pageGrants } from './repository';

export const listAccessGrantsInput = v.object({ params: v.object({ dppId: id }), query: pageQuery });

/** A page of a DPP's access grants, oldest first, with their status: never a secret or its hash. */
export async function listAccessGrants(
  auth: Principal,
  { params, query }: v.InferOutput<typeof listAccessGrantsInput>,
) {
  const binding = { range: accessGrantsRange(params.dppId), companyId: auth.companyId };
  const after = query.cursor === undefined ? undefined : await decodeCursor(query.cursor, binding);
  const [dpp, page] = await Promise.all([readDpp(params.dppId), pageGrants(params.dppId, query.limit, after)]);
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  const now = new Date();
  return {
    grants: page.items.map((grant) => grantView(grant, now)),
    ...(page.nextKey && { nextCursor: await encodeCursor(page.nextKey, binding) }),
  };
}
