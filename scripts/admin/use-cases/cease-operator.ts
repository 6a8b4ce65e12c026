import * as v from 'valibot';
import { isConditionFailure } from '../../../lib/aws/errors';
import * as table from '../../../lib/aws/table';
import { companyNotFound } from '../../../lib/companies/model';
import * as keys from '../../../lib/data/keys';
import { uuid } from '../../../lib/schemas';

/** `company cease <id>`, run against the back-up (docs/deploy.md, When the operator ceases). */
export const ceaseOperatorInput = v.object({ company_id: uuid });

/**
 * Records on the back-up’s copy of a company that the operator has ceased (the admin command
 * `company cease`, run against the back-up): its passports open there from the next read. The
 * primary's replicator no longer writes that item (the operator, and its account, are gone).
 */
export async function ceaseOperator(
  { company_id: companyId }: v.InferOutput<typeof ceaseOperatorInput>,
  at = new Date(),
): Promise<{ id: string; ceased_at: string }> {
  const ceasedAt = at.toISOString();
  try {
    await table.update(
      keys.company(companyId),
      { expression: 'SET ceased_at = :at', values: { ':at': ceasedAt } },
      { expression: 'attribute_exists(pk)' },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw companyNotFound(companyId);
    throw error;
  }
  return { id: companyId, ceased_at: ceasedAt };
}
