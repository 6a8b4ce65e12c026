import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { commodityCode, facilityId } from '../identifiers';
import { profileChoiceCheck, profileChoiceEntries } from '../profiles/choice';
import { name, uuid } from '../schemas';
import { templateView, toTemplateItem } from './model';
import { putNewTemplate } from './repository';

export const createTemplateInput = v.object({
  body: v.pipe(
    v.strictObject(
      {
        name,
        model_id: uuid,
        commodity_code: v.optional(commodityCode),
        facility_id: v.optional(facilityId),
        ...profileChoiceEntries,
      },
      'is not a field of a new template (name, model_id, commodity_code, facility_id, profile, category)',
    ),
    profileChoiceCheck(),
  ),
});

/**
 * Creates a template of the caller's company for a product model, with the sector profile and
 * category its DPPs take if it names one; its id is a new UUIDv7 (lists show creation order).
 */
export async function createTemplate(auth: Principal, { body }: v.InferOutput<typeof createTemplateInput>) {
  const now = new Date().toISOString();
  const item = toTemplateItem({
    id: uuidv7(),
    company_id: auth.companyId,
    name: body.name,
    model_id: body.model_id,
    ...(body.profile !== undefined && { profile: body.profile, category: body.category }),
    ...(body.commodity_code !== undefined && { commodity_code: body.commodity_code }),
    ...(body.facility_id !== undefined && { facility_id: body.facility_id }),
    created_at: now,
    updated_at: now,
  });
  await putNewTemplate(item);
  return { template: templateView(item) };
}
