import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { DEFAULT_MEMBER_LIMIT } from '../limits';
import { type CompanyItem, companyNotFound } from './model';
import { readCompany } from './repository';

/** No parameters: the company is the token's. */
export const getCompanyInput = v.object({});

/**
 * GET /company: the caller's company as its members see it, from its one company item (one
 * GetItem): its plan (the promotion code it subscribed with, or null), its member limit (the
 * plan's, or DEFAULT_MEMBER_LIMIT), the seats its members and pending invitations take, and the
 * status of its last KYB check (null before the first POST /verify-business).
 */
export async function getCompany(auth: Principal, _input: v.InferOutput<typeof getCompanyInput>) {
  const company = await readCompany(auth.companyId);
  if (!company) throw companyNotFound(auth.companyId);
  return companyView(company);
}

/** The company as its members see it (GET and PUT /company). */
export function companyView(company: CompanyItem) {
  return {
    company: {
      id: company.id,
      name: company.name,
      country_code: company.country_code,
      economic_operator_id: company.economic_operator_id ?? null,
      plan: company.plan ? { code: company.plan.code, subscribed_at: company.plan.subscribed_at } : null,
      member_limit: company.member_limit ?? DEFAULT_MEMBER_LIMIT,
      seats_used: company.seats_used ?? 0,
      kyb_status: company.kyb?.status ?? null,
    },
  };
}
