import * as v from 'valibot';
import { apiKeyView } from '../../../lib/companies/api-keys/model';
import { readCompanyApiKeys } from '../../../lib/companies/api-keys/repository';
import { companyNotFound } from '../../../lib/companies/model';
import { readCompany } from '../../../lib/companies/repository';
import { uuid } from '../../../lib/schemas';

/** `api-key list --company …`. */
export const listApiKeysInput = v.object({ company_id: uuid });

/** The company's keys, oldest first: id, label, creation time, enabled; never a key or a hash. */
export async function listApiKeys({ company_id }: v.InferOutput<typeof listApiKeysInput>) {
  const [company, apiKeys] = await Promise.all([readCompany(company_id), readCompanyApiKeys(company_id)]);
  if (!company) throw companyNotFound(company_id);
  return apiKeys.map(apiKeyView);
}
