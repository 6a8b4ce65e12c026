import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { commodityCode, facilityId } from '../identifiers';
import { profileById } from '../profiles/catalogue';
import { completenessOf, incomplete } from '../profiles/completeness';
import type { ProfileLookup } from '../profiles/format';
import { description, id, name, uuid } from '../schemas';
import type { PlanChange } from './change';
import { dppType, sourceLanguage, templateNotOfCompany } from './fields';
import { changedDpp, companyDppFields, type DppItem, dppNotFound } from './model';
import { withdrawPublicAnswers } from './public-paths';
import { type DppChanges, dppChangeOf, readDpp, writeDppChanges } from './repository';

/** The fields PUT /dpps/{dppId} changes; `code` and `model_id` (and so `search_id`) are fixed at creation. */
const EDITABLE = 'name, description, type, template_id, language, published, commodity_code, facility_id';

export const updateDppInput = v.object({
  params: v.object({ dppId: id }),
  body: v.pipe(
    v.strictObject(
      {
        name: v.optional(name),
        description: v.optional(description),
        type: v.optional(dppType),
        template_id: v.optional(v.nullable(uuid)),
        language: v.optional(sourceLanguage),
        published: v.optional(v.boolean('must be true or false')),
        /** `null` removes the DPP's own value: its template's counts again. */
        commodity_code: v.optional(v.nullable(commodityCode)),
        facility_id: v.optional(v.nullable(facilityId)),
      },
      `is not a field you can change (${EDITABLE}; code and model_id are fixed at creation)`,
    ),
    v.check((body) => Object.keys(body).length > 0, `must change at least one field: ${EDITABLE}`),
  ),
});

/**
 * Publishing a profiled DPP needs it complete for its category (docs/profiles.md, Completeness):
 * its completeness is computed from the DPP item as read; incomplete is 409 INCOMPLETE with the
 * missing attributes. Answers the aspects' revision the change must still find (so no aspect write
 * slips between the check and the publication), or undefined when nothing is to be checked (not
 * publishing, no profile, not the company's: the write says).
 */
export function publicationRevision(
  auth: Principal,
  dpp: DppItem | undefined,
  body: { published?: boolean },
  profiles: ProfileLookup,
): number | undefined {
  if (body.published !== true) return undefined;
  if (dpp?.company_id !== auth.companyId || dpp.profile === undefined) return undefined;
  const profile = profiles(dpp.profile);
  if (!profile) return undefined;
  const completeness = completenessOf(profile, dpp.category ?? '', dpp.aspects);
  if (!completeness.complete) throw incomplete(completeness, 'the DPP cannot be published');
  return dpp.aspects_revision ?? 0;
}

/** publicationRevision on the DPP read now (strongly consistent), when publishing. */
const completeRevision = async (
  auth: Principal,
  dppId: string,
  body: { published?: boolean },
  profiles: ProfileLookup,
): Promise<number | undefined> =>
  body.published === true
    ? publicationRevision(auth, await readDpp(dppId, { consistent: true }), body, profiles)
    : undefined;

/** The DPP item's changes of a body of PUT /dpps/{dppId}, made at `at`. */
export const dppChangesOf = (body: v.InferOutput<typeof updateDppInput>['body'], at: string): DppChanges => ({
  name: body.name,
  description: body.description,
  dpp_type: body.type,
  language: body.language,
  template_id: body.template_id,
  published: body.published,
  commodity_code: body.commodity_code,
  facility_id: body.facility_id,
  updated_at: at,
});

/**
 * Changes fields of a DPP of the caller's company (a partial update; `template_id: null`
 * unlinks the template) and sets `updated_at`. Versions already taken keep what they froze:
 * a version is a snapshot of its own (docs/behaviour.md, Versions and notarization). Another company's
 * DPP answers exactly like a missing one.
 */
export const updateDpp = (auth: Principal, input: v.InferOutput<typeof updateDppInput>) =>
  changeDpp(auth, input, profileById);

/** updateDpp with the profiles it checks a publication against (lib/dpp-aspects/model.ts, ProfileLookup). */
export async function changeDpp(
  auth: Principal,
  { params, body }: v.InferOutput<typeof updateDppInput>,
  profiles: ProfileLookup,
) {
  const changes = dppChangesOf(body, new Date().toISOString());
  let outcome = await writeDppChanges(
    params.dppId,
    auth.companyId,
    changes,
    await completeRevision(auth, params.dppId, body, profiles),
  );
  // Publishing lost a race to an aspect write (the revision moved): checked again on the new state.
  for (
    let attempt = 1;
    'refused' in outcome && outcome.refused === 'dpp_not_found' && body.published === true && attempt < 3;
    attempt++
  ) {
    const revision = await completeRevision(auth, params.dppId, body, profiles);
    if (revision === undefined) break;
    outcome = await writeDppChanges(params.dppId, auth.companyId, changes, revision);
  }
  if ('refused' in outcome) throw outcome.refused === 'dpp_not_found' ? dppNotFound() : templateNotOfCompany();
  // Published or withdrawn: the CDN drops what it kept of the DPP (when there is one).
  if (body.published !== undefined) await withdrawPublicAnswers(params.dppId, outcome.updated.search_id);
  return { dpp: companyDppFields(outcome.updated) };
}

/**
 * The change of PUT /dpps/{dppId}'s body as the passport API makes it with its version
 * (lib/dpps/change.ts, PlanChange): from the DPP as read, checked as changeDpp checks
 * it (a publication needs the DPP complete), and the DPP as it leaves it.
 */
export const dppChange =
  (auth: Principal, body: v.InferOutput<typeof updateDppInput>['body'], profiles: ProfileLookup): PlanChange =>
  (read, at) => {
    const revision = publicationRevision(auth, read, body, profiles);
    const changes = dppChangesOf(body, at);
    return { dpp: changedDpp(read, changes), write: dppChangeOf(auth.companyId, changes, revision) };
  };
