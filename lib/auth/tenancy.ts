import { ForbiddenError } from '../errors';
import type { Principal } from './claims';

/** A `companyId` in a path or body that is not the token's company: 403 (docs/spec/decisions.md). */
export function assertOwnCompany(auth: Principal, companyId: string | undefined): void {
  if (companyId !== undefined && companyId !== auth.companyId) {
    throw new ForbiddenError('company_id is not the company of your token', 'COMPANY_MISMATCH');
  }
}

/** The scope of the caller's records: items whose `company_id` is the token's company. */
export const companyScope = (auth: Principal) => ({ company_id: auth.companyId });
