import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { defined } from '../defined';
import { ConflictError } from '../errors';
import { statusOf } from '../profiles/lifecycle';
import { lifecycleView } from '../profiles/lifecycle-view';
import { id } from '../schemas';
import { concurrentChange, readForLifecycle } from './lifecycle';
import { markCeased } from './repository';

export const ceaseDppInput = v.object({ params: v.object({ dppId: id }) });

/**
 * Marks a passport ceased (docs/behaviour.md, Lifecycle; Art. 77(8) for batteries: the passport of
 * a recycled battery ceases): only once its status (the profile's status attribute) is one at
 * which it may cease, such as waste, so the company says twice that the product is gone. The
 * passport stays readable, and every view says it ceased and when. Again on a ceased passport:
 * the same answer, nothing written.
 */
export async function ceaseDpp(auth: Principal, { params }: v.InferOutput<typeof ceaseDppInput>) {
  const { dpp, lifecycle } = await readForLifecycle(params.dppId, auth.companyId);
  if (dpp.ceased_at !== undefined)
    return { dpp_id: dpp.id, lifecycle: defined(lifecycleView(dpp), 'a ceased DPP’s lifecycle') };
  const status = statusOf(lifecycle, dpp.aspects);
  if (!lifecycle.end.some((value) => value === status)) {
    throw new ConflictError(
      `a passport ceases only at the end of its product's life: set its status (${lifecycle.status.id}) to ${lifecycle.end.join(' or ')} first`,
      'NOT_AT_END_OF_LIFE',
    );
  }
  const updated = await markCeased(dpp, new Date().toISOString());
  if (!updated) throw concurrentChange();
  return { dpp_id: dpp.id, lifecycle: defined(lifecycleView(updated), 'a ceased DPP’s lifecycle') };
}
