import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import type { DppItem } from '../dpps/model';
import { id } from '../schemas';
import { relatedDppView, userNotFound } from './model';
import { readCompanyDpps, readDpps, readPartnerIds, readUser } from './repository';

export const searchRelatedDppsInput = v.object({ params: v.object({ userId: id }) });

/**
 * The DPPs related to a user (docs/spec/decisions.md, Related DPPs), each once: its company's, its
 * partner companies', and those its company's DPPs link to (`related_dpps`). The user must
 * be the token's user or a user of the token's company; any other id, unknown ones too, is
 * USER_NOT_FOUND. Two round trips, no Scan:
 * 1. the company's DPPs (Query gsi1) and its partners (Query), with the user's item (GetItem)
 *    when the path names another user than the token's;
 * 2. each partner's DPPs (one Query per partner company) and the linked DPPs not among the
 *    company's own (BatchGetItem), all in parallel.
 * Order: the company's DPPs, then each partner's, then the other linked ones, each oldest first.
 */
export async function searchRelatedDpps(auth: Principal, { params }: v.InferOutput<typeof searchRelatedDppsInput>) {
  const [user, own, partners] = await Promise.all([
    params.userId === auth.userId ? true : readUser(auth.companyId, params.userId),
    readCompanyDpps(auth.companyId),
    readPartnerIds(auth.companyId),
  ]);
  if (!user) throw userNotFound();

  const ownIds = new Set(own.map((dpp) => dpp.id));
  const linked = [...new Set(own.flatMap((dpp) => dpp.related_dpps ?? []))].filter((dppId) => !ownIds.has(dppId));
  const [partnerDpps, linkedDpps] = await Promise.all([
    Promise.all(partners.map(readCompanyDpps)),
    linked.length > 0 ? readDpps(linked) : [],
  ]);

  const seen = new Set<string>();
  const dpps: DppItem[] = [];
  const byId = (a: DppItem, b: DppItem) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  for (const dpp of [...own, ...partnerDpps.flat(), ...linkedDpps.sort(byId)]) {
    if (seen.has(dpp.id)) continue;
    seen.add(dpp.id);
    dpps.push(dpp);
  }
  return { message: 'Related DPPs', dpps: dpps.map(relatedDppView), ok: true as const };
}
