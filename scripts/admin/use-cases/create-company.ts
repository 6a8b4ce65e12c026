import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { toCompanyItem } from '../../../lib/companies/model';
import { storeCompany } from '../../../lib/companies/repository';
import { countryCode } from '../../../lib/countries';
import { name } from '../../../lib/schemas';

/** `company create --name … --country …`. */
export const createCompanyInput = v.object({ name, country_code: countryCode });

/**
 * A new company (a tenant) with a new UUIDv7 id: no members yet (`seats_used` 0 of the
 * default DEFAULT_MEMBER_LIMIT), no plan, no KYB check (DPP authoring waits for one).
 */
export async function createCompany(input: v.InferOutput<typeof createCompanyInput>): Promise<{ id: string }> {
  const company = toCompanyItem({
    id: uuidv7(),
    name: input.name,
    country_code: input.country_code,
    created_at: new Date().toISOString(),
    seats_used: 0,
  });
  // A UUIDv7 drawn twice would be a broken random source.
  if (!(await storeCompany(company))) throw new Error(`company id ${company.id} exists already`);
  return { id: company.id };
}
