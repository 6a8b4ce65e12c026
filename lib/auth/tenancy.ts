import { ForbiddenError } from '../http/errors';
import type { Principal } from './claims';

/** A `companyId` in a path or body that is not the token's company: 403 (decisions.md). */
export function assertOwnCompany(auth: Principal, companyId: string | undefined): void {
  if (companyId !== undefined && companyId !== auth.companyId) {
    throw new ForbiddenError('company_id is not the company of your token', 'COMPANY_MISMATCH');
  }
}

/** A record belongs to the caller when its company is the token's company. */
export const ownedBy = (auth: Principal, item: { company_id?: string } | undefined): boolean =>
  item !== undefined && item.company_id === auth.companyId;
