import * as v from 'valibot';
import { readCompanyApiKeys } from '../../../lib/companies/api-keys/repository';
import { type CompanyItem, companyNotFound, type PartnerItem, type UserItem } from '../../../lib/companies/model';
import { readCompanyCollection } from '../../../lib/companies/repository';
import { ItemType } from '../../../lib/data/keys';
import { DEFAULT_MEMBER_LIMIT } from '../../../lib/limits';
import { uuid } from '../../../lib/schemas';

/** `company show <id>`. */
export const showCompanyInput = v.object({ company_id: uuid });

/**
 * A company as an operator checks it: its fields, KYB status, plan, seats, users, partners,
 * how many non-official operators and API keys it has (never a key or a hash). Two requests
 * in parallel: the company's collection, and its API keys on gsi1.
 */
export async function showCompany({ company_id }: v.InferOutput<typeof showCompanyInput>) {
  const [items, apiKeys] = await Promise.all([readCompanyCollection(company_id), readCompanyApiKeys(company_id)]);
  const ofType = <T>(type: ItemType) => items.filter((item) => item.type === type) as unknown as T[];
  const [company] = ofType<CompanyItem>(ItemType.Company);
  if (!company) throw companyNotFound(company_id);
  const users = ofType<UserItem>(ItemType.User);
  const { kyb, plan } = company;
  return {
    id: company.id,
    name: company.name,
    country_code: company.country_code,
    created_at: company.created_at,
    kyb: kyb ? { status: kyb.status, vat: kyb.vat, submitted_at: kyb.submitted_at, updated_at: kyb.updated_at } : null,
    plan: plan ? { code: plan.code, subscription_id: plan.subscription_id, subscribed_at: plan.subscribed_at } : null,
    members: {
      count: users.length,
      // Members plus pending invitations.
      seats_used: company.seats_used ?? 0,
      member_limit: company.member_limit ?? DEFAULT_MEMBER_LIMIT,
    },
    users: users.map((u) => ({ id: u.id, email: u.email, wallet: u.wallet, role: u.role, created_at: u.created_at })),
    partners: ofType<PartnerItem>(ItemType.Partner).map((p) => p.partner_id),
    operators: ofType(ItemType.Operator).length,
    api_keys: { count: apiKeys.length, enabled: apiKeys.filter((k) => k.enabled).length },
  };
}
