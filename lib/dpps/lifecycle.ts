import { ConflictError } from '../errors';
import { accessProfileById } from '../profiles/access-catalogue';
import type { Profile } from '../profiles/format';
import { type Lifecycle, lifecycleOf } from '../profiles/lifecycle';
import { type DppItem, dppNotFound } from './model';
import { readDppConsistently } from './repository';

/** A lifecycle change (successor, cease) of a DPP whose profile names none, or of a DPP without a profile. */
export const noLifecycle = () =>
  new ConflictError('the DPP has no profile with a lifecycle status (docs/profiles.md, Lifecycle)', 'NO_LIFECYCLE');

/** A passport that ceased changes no more: no successor, no other change of its lifecycle. */
export const ceased = () => new ConflictError('the passport has ceased; it stays readable, unchanged', 'DPP_CEASED');

/** Another request changed the DPP between the read and the write: nothing was written. */
export const concurrentChange = () =>
  new ConflictError('the DPP was changed by another request meanwhile; read it again and retry', 'CONCURRENT_CHANGE');

/**
 * A DPP of the company read for a change of its lifecycle (strongly consistent: the write is
 * conditioned on it), with its profile and the profile's lifecycle. Another company's DPP is 404,
 * like an unknown one; a DPP without a lifecycle is 409.
 */
export async function readForLifecycle(
  dppId: string,
  companyId: string,
): Promise<{ dpp: DppItem; profile: Profile; lifecycle: Lifecycle }> {
  const dpp = await readDppConsistently(dppId);
  if (dpp?.company_id !== companyId) throw dppNotFound();
  const profile = dpp.profile === undefined ? undefined : accessProfileById(dpp.profile);
  const lifecycle = profile && lifecycleOf(profile);
  if (!profile || !lifecycle) throw noLifecycle();
  return { dpp, profile, lifecycle };
}
