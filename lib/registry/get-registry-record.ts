import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { dppNotFound, isPublished } from '../dpps/model';
import { readDpp } from '../dpps/repository';
import { id } from '../schemas';
import { recordIncomplete, registryRecordOf, unpublished } from './model';
import { readRecordSources } from './repository';

export const getRegistryRecordInput = v.object({ params: v.object({ dppId: id }) });

/**
 * GET /dpps/{dppId}/registry-record: the registration metadata of a published passport of the
 * caller's company, as the EU registry takes it (lib/registry/model.ts): its GS1 Digital Link
 * URI, the company's EORI number or LEI, the facility's GLN and the commodity code (the DPP's,
 * else its template's), its live and back-up URLs. A passport not published is 409 NOT_PUBLISHED;
 * one whose record lacks a part, 409 REGISTRY_RECORD_INCOMPLETE naming each. Another company's
 * DPP answers like a missing one. A GetItem, then one BatchGetItem (company and template).
 */
export async function getRegistryRecord(auth: Principal, { params }: v.InferOutput<typeof getRegistryRecordInput>) {
  const dpp = await readDpp(params.dppId);
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  if (!isPublished(dpp)) throw unpublished();
  const { company, templates } = await readRecordSources(auth.companyId, dpp.template_id ? [dpp.template_id] : []);
  const outcome = registryRecordOf(dpp, company, dpp.template_id ? templates.get(dpp.template_id) : undefined);
  if ('missing' in outcome) throw recordIncomplete(outcome.missing);
  return outcome.record;
}
