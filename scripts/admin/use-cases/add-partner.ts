import * as v from 'valibot';
import { companyNotFound, toPartnerItems } from '../../../lib/companies/model';
import { storePartnership } from '../../../lib/companies/repository';
import { InvalidInputError } from '../../../lib/errors';
import { uuid } from '../../../lib/schemas';

/** `partner add <companyA> <companyB>`. */
export const addPartnerInput = v.object({ company_id: uuid, partner_id: uuid });

/**
 * Makes two companies partners (each then sees the other's DPPs in related-DPP searches): both
 * sides (toPartnerItems) in one transaction, if both companies exist. Idempotent: partners
 * already, nothing is written and `created` is false.
 */
export async function addPartner({
  company_id,
  partner_id,
}: v.InferOutput<typeof addPartnerInput>): Promise<{ created: boolean }> {
  if (company_id === partner_id) {
    throw new InvalidInputError('a company cannot be its own partner', 'SAME_COMPANY');
  }
  const outcome = await storePartnership(toPartnerItems(company_id, partner_id, new Date().toISOString()));
  if (typeof outcome === 'object') throw companyNotFound(outcome.unknown.join(' and '));
  return { created: outcome === 'stored' };
}
