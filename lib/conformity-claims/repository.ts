import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { and, eq, notExists, ofCompany, set, update, where } from '../data/expressions';
import * as keys from '../data/keys';
import type { ConformityClaim } from '../dpps/conformity-claims';
import type { DppItem } from '../dpps/model';

/**
 * The table access of the conformity claims (docs/data-model.md, DPP): they live on the DPP item
 * (`conformity_claims`), read with it (lib/dpps/repository.ts, readDpp).
 */

/**
 * Replaces a DPP's conformity claims: ONE UpdateItem conditioned on the DPP being the company's, not
 * ceased, and naming the product it named when the evidence was checked (its `search_id`). False
 * when a condition failed: nothing was written.
 */
export async function storeConformityClaims(dpp: DppItem, claims: ConformityClaim[]): Promise<boolean> {
  try {
    await table.update(
      keys.dpp(dpp.id),
      update(set('conformity_claims', claims)),
      where(
        and(
          ofCompany(dpp.company_id),
          notExists('ceased_at'),
          dpp.search_id === undefined ? notExists('search_id') : eq('search_id', dpp.search_id),
        ),
      ),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
