import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { commodityCode, facilityId } from '../identifiers';
import { profileChoiceCheck, profileChoiceEntries } from '../profiles/choice';
import { name, uuid } from '../schemas';
import { templateNotFound, templateView } from './model';
import { writeTemplateChanges } from './repository';

export const updateTemplateInput = v.object({
  params: v.object({ templateId: uuid }),
  body: v.pipe(
    v.strictObject(
      {
        name: v.optional(name),
        model_id: v.optional(uuid),
        /** `null` removes the value. */
        commodity_code: v.optional(v.nullable(commodityCode)),
        facility_id: v.optional(v.nullable(facilityId)),
        /** Both or neither, as POST /templates takes them (lib/profiles/choice.ts). */
        ...profileChoiceEntries,
      },
      'is not a field of a template you can change (name, model_id, commodity_code, facility_id, profile, category)',
    ),
    v.check(
      (body) => Object.keys(body).length > 0,
      'must change at least one field: name, model_id, commodity_code, facility_id, profile and category',
    ),
    profileChoiceCheck(),
  ),
});

/**
 * Renames a template of the caller's company and/or sets the product model it is for, the
 * defaults of its DPPs' registry records, or the sector profile and category its DPPs take (both
 * together), and sets `updated_at`. Nothing else is keyed by a template's model: a DPP carries its
 * own `model_id`, a template file its own, so neither changes; a DPP keeps the profile and category
 * it was created with (docs/profiles.md), so only DPPs made after take the new ones. Another
 * company's template answers exactly like a missing one.
 */
export async function updateTemplate(auth: Principal, { params, body }: v.InferOutput<typeof updateTemplateInput>) {
  const updated = await writeTemplateChanges(params.templateId, auth.companyId, {
    name: body.name,
    model_id: body.model_id,
    commodity_code: body.commodity_code,
    facility_id: body.facility_id,
    profile: body.profile,
    category: body.category,
    updated_at: new Date().toISOString(),
  });
  if (!updated) throw templateNotFound();
  return { template: templateView(updated) };
}
