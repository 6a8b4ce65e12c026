import * as table from '../aws/table';
import { optional } from '../config';
import * as keys from '../data/keys';

/**
 * The ceased operator (EN 18221; docs/deploy.md, When the operator ceases): once the economic
 * operator behind a passport no longer exists, no one is left to grant the access its restricted
 * parts need, and the back-up opens general access to them: every reader of that operator's
 * passports reads at the `legitimate_interest` tier, with no grant (and no access-log entry, as
 * a public read). `authority` parts stay behind an authority grant, which still works. Only on
 * the back-up's deployment (DEPLOYMENT_ROLE=backup, infra/backup-stack.ts): the primary never
 * reads the mark.
 */
const deploymentRole = /* @__PURE__ */ optional('DEPLOYMENT_ROLE', ['backup']);

/** Whether the operator of a DPP has ceased, as the back-up records it (always false on the primary). */
export async function operatorCeased(dppId: string): Promise<boolean> {
  if (deploymentRole() !== 'backup') return false;
  const dpp = await table.get<{ company_id?: string }>(keys.dpp(dppId));
  if (dpp?.company_id === undefined) return false;
  const company = await table.get<{ ceased_at?: string }>(keys.company(dpp.company_id));
  return company?.ceased_at !== undefined;
}
