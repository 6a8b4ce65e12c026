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

/**
 * A page of a parent's children is the caller's when the parent is (the first page reads
 * it) or, on a page after a cursor, when every child is (children carry company_id).
 */
export function ownsPage(
  auth: Principal,
  page: { parent?: { company_id?: string }; children: ReadonlyArray<{ company_id?: string }> },
  afterCursor: boolean,
): boolean {
  return afterCursor ? page.children.every((child) => ownedBy(auth, child)) : ownedBy(auth, page.parent);
}
