import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { assertOwnCompany } from '../auth/tenancy';
import { ranges } from '../data/keys';
import { decodeCursor, encodeCursor } from '../data/paging';
import { id, pageQuery } from '../schemas';
import { operatorListView } from './model';
import { pageOperators } from './repository';

export const listNonOfficialOperatorsInput = v.object({ params: v.object({ companyId: id }), query: pageQuery });

/** A page of the company's non-official operators, oldest first; official members are never among them. */
export async function listNonOfficialOperators(
  auth: Principal,
  { params, query }: v.InferOutput<typeof listNonOfficialOperatorsInput>,
) {
  assertOwnCompany(auth, params.companyId);
  const binding = { range: ranges.operators(auth.companyId), companyId: auth.companyId };
  const after = query.cursor === undefined ? undefined : await decodeCursor(query.cursor, binding);
  const { operators, nextKey } = await pageOperators(auth.companyId, { limit: query.limit, after });
  return {
    nonOfficialOperators: operators.map(operatorListView),
    ...(nextKey && { nextCursor: await encodeCursor(nextKey, binding) }),
  };
}
