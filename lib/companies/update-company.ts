import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { ForbiddenError } from '../errors';
import { economicOperatorId } from '../identifiers';
import { companyView } from './get-company';
import { companyNotFound } from './model';
import { writeEconomicOperatorId } from './repository';

export const updateCompanyInput = v.object({
  body: v.strictObject(
    {
      /** The company's EORI number or LEI (lib/identifiers.ts); `null` removes it. */
      economic_operator_id: v.nullable(economicOperatorId),
    },
    'is not a field of the company you can change (economic_operator_id)',
  ),
});

const notAdmin = () => new ForbiddenError('only an admin of the company may change it', 'NOT_ADMIN');

/**
 * PUT /company: sets the caller's company's economic operator id, its EORI number or LEI, what
 * its passports' EU registry records name as `reoId` (docs/behaviour.md, The EU registry). Only
 * an admin of the company may (the token's role, then the membership's in the write's
 * transaction): a member gets 403 NOT_ADMIN and nothing is written. Every record changes with it,
 * so the company's next registry export takes every passport again. Answers the company as
 * GET /company does.
 */
export async function updateCompany(auth: Principal, { body }: v.InferOutput<typeof updateCompanyInput>) {
  if (auth.role !== 'admin') throw notAdmin();
  const outcome = await writeEconomicOperatorId(auth.companyId, auth.userId, body.economic_operator_id);
  if (outcome === 'company_not_found') throw companyNotFound(auth.companyId);
  if (outcome === 'not_admin') throw notAdmin();
  return companyView(outcome);
}
