import * as keys from '../data/keys';
import type { DppItem } from '../dpps/model';
import { dppNotFound } from '../dpps/model';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import type { Aspect, AttributeTier, Profile, ProfileLookup } from '../profiles/format';
import type { DocumentProblem } from '../profiles/validate';

/**
 * A profiled DPP's aspects (docs/profiles.md, Profiled passports): the documents live on the DPP
 * item (`aspects`, lib/dpps/model.ts); what this module adds is the history of its dynamic
 * attributes, one item per changed attribute per write, in the DPP's history collection.
 */

export const ASPECT_CHANGE_TYPE = 'ASPECT_CHANGE';

/** One change of one dynamic attribute (`HISTORY#<dppId>` / `CHANGE#<revision>#<n>`). */
export interface AspectChangeItem {
  pk: string;
  sk: string;
  type: typeof ASPECT_CHANGE_TYPE;
  dpp_id: string;
  company_id: string;
  /** The DPP's `aspects_revision` the write made. */
  revision: number;
  aspect: string;
  /** The attribute's id in the profile, its pointer in the aspect's document and its tier. */
  attribute: string;
  pointer: string;
  tier: AttributeTier;
  /** The value before and after (absent: none); for a value in a list's items, the picked items' values. */
  old?: unknown;
  new?: unknown;
  changed_at: string;
  /** The user id of the token that wrote it. */
  changed_by: string;
}

export function toAspectChangeItem(change: Omit<AspectChangeItem, 'pk' | 'sk' | 'type'>, n: number): AspectChangeItem {
  return { ...keys.aspectChange(change.dpp_id, change.revision, n), type: ASPECT_CHANGE_TYPE, ...change };
}

/** A change as the history route answers it. */
export function aspectChangeView(item: AspectChangeItem) {
  return {
    revision: item.revision,
    changed_at: item.changed_at,
    changed_by: item.changed_by,
    aspect: item.aspect,
    attribute: item.attribute,
    pointer: item.pointer,
    tier: item.tier,
    ...(item.old !== undefined && { old: item.old }),
    ...(item.new !== undefined && { new: item.new }),
  };
}

/** The aspect a path names is not one of the DPP's profile (or the DPP has none, on a read that says so). */
export const aspectNotFound = (profile: Profile) =>
  new NotFoundError(
    `no such aspect in the profile ${profile.id}: ${profile.aspects.map((aspect) => aspect.id).join(', ')}`,
    'ASPECT_NOT_FOUND',
  );

/** A DPP without a profile has no aspects to write or read. */
export const profileRequired = () =>
  new ConflictError(
    'the DPP has no profile: only a DPP created with a profile (POST /dpps `profile`, `category`) has aspects',
    'PROFILE_REQUIRED',
  );

/** Every problem of a document, each with its JSON pointer in the document. */
export const invalidAspect = (aspect: string, problems: DocumentProblem[]) =>
  new InvalidInputError(
    `the ${aspect} document does not hold to the profile: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was stored`,
    'INVALID_ASPECT',
    problems,
  );

/** A profiled DPP of the caller's company and its profile's aspect named `aspectId`, or the error that says why not. */
export function profiledAspect(
  dpp: DppItem | undefined,
  companyId: string,
  aspectId: string,
  profiles: ProfileLookup,
): { dpp: DppItem; profile: Profile; aspect: Aspect } {
  const { dpp: owned, profile } = profiledDpp(dpp, companyId, profiles);
  const aspect = profile.aspects.find((candidate) => candidate.id === aspectId);
  if (!aspect) throw aspectNotFound(profile);
  return { dpp: owned, profile, aspect };
}

/** A profiled DPP of the caller's company and its profile, or the error that says why not. */
export function profiledDpp(
  dpp: DppItem | undefined,
  companyId: string,
  profiles: ProfileLookup,
): { dpp: DppItem; profile: Profile } {
  if (dpp?.company_id !== companyId) throw dppNotFound();
  const profile = dpp.profile === undefined ? undefined : profiles(dpp.profile);
  if (!profile) throw profileRequired();
  return { dpp, profile };
}
