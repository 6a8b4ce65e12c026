import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { email } from '../../../lib/companies/fields';
import { companyNotFound } from '../../../lib/companies/model';
import { countryCode } from '../../../lib/countries';
import { toOperatorItem } from '../../../lib/operators/model';
import { storeOperator } from '../../../lib/operators/repository';
import { name, singleLineText, uuid } from '../../../lib/schemas';

/** `operator add --company … --email … --country … --company-name … [--activity …]`. */
export const addOperatorInput = v.object({
  company_id: uuid,
  email,
  country_code: countryCode,
  company_name: name,
  activity: v.optional(singleLineText(100)),
});

/**
 * A non-official operator of a company (a repairer, a recycler, a supplier: docs/spec/decisions.md), with
 * a new UUIDv7 id (the person's user id, kept if they become a member), if the company exists.
 */
export async function addOperator(input: v.InferOutput<typeof addOperatorInput>): Promise<{ id: string }> {
  const now = new Date().toISOString();
  const operator = toOperatorItem({ id: uuidv7(), ...input, created_at: now, updated_at: now });
  if (!(await storeOperator(operator))) throw companyNotFound(input.company_id);
  return { id: operator.id };
}
