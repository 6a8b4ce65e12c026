import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { ranges } from '../data/keys';
import { type CursorBinding, decodeCursor, encodeCursor } from '../data/paging';
import { dppNotFound } from '../dpps/model';
import { id, pageQuery } from '../schemas';
import { pageNotarizations } from './repository';
import { notarizationView } from './view';

export const listDppNotarizationsInput = v.object({ params: v.object({ dppId: id }), query: pageQuery });

/**
 * A page of the notarizations of a DPP of the caller's company, oldest version first. A cursor
 * is bound to this DPP's notarizations and the caller's company (lib/data/paging.ts): any other
 * is INVALID_CURSOR before anything is read. A DPP of another company answers like a missing
 * one, on every page.
 */
export async function listDppNotarizations(
  auth: Principal,
  { params, query }: v.InferOutput<typeof listDppNotarizationsInput>,
) {
  const binding: CursorBinding = { range: ranges.dppNotarizations(params.dppId), companyId: auth.companyId };
  const after = query.cursor === undefined ? undefined : await decodeCursor(query.cursor, binding);
  const page = await pageNotarizations(params.dppId, { limit: query.limit, after });
  const owned =
    page.dpp?.company_id === auth.companyId && page.notarizations.every((n) => n.company_id === auth.companyId);
  if (!owned) throw dppNotFound();
  const last = page.notarizations[page.notarizations.length - 1];
  return {
    notarizations: await Promise.all(page.notarizations.map(notarizationView)),
    ...(page.more && last && { nextCursor: await encodeCursor({ pk: last.pk, sk: last.sk }, binding) }),
  };
}
