import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { readCompany } from '../companies/repository';
import { ForbiddenError, InvalidInputError } from '../errors';
import { commodityCode, facilityId } from '../identifiers';
import { profileChoiceCheck, profileChoiceEntries } from '../profiles/choice';
import { description, name, uuid } from '../schemas';
import { dppType, gtin14, sourceLanguage, templateNotOfCompany } from './fields';
import { searchIdOf, serialOf } from './gtin';
import { companyDppFields, type DppItem, toDppItem } from './model';
import { putNewDpp, readTemplateProfile } from './repository';

export const createDppInput = v.object({
  body: v.pipe(
    v.strictObject(
      {
        name,
        description: v.optional(description, ''),
        type: dppType,
        code: gtin14,
        model_id: uuid,
        template_id: v.optional(uuid),
        language: sourceLanguage,
        commodity_code: v.optional(commodityCode),
        facility_id: v.optional(facilityId),
        ...profileChoiceEntries,
      },
      'is not a field of a new DPP (name, description, type, code, model_id, template_id, language, commodity_code, facility_id, profile, category)',
    ),
    profileChoiceCheck(),
  ),
});

/**
 * The profile and category of a new DPP: the body's, or its template's when the body names none
 * (docs/profiles.md, Profiled passports). A body that names another profile or category than its
 * template's is refused: a template is one product model, of one category.
 */
export function profileOf(
  body: { profile?: string; category?: string },
  template: { profile?: string; category?: string } | undefined,
): { profile: string; category: string } | undefined {
  if (template?.profile === undefined || template.category === undefined)
    return body.profile === undefined ? undefined : { profile: body.profile, category: body.category as string };
  if (body.profile !== undefined && (body.profile !== template.profile || body.category !== template.category)) {
    throw new InvalidInputError(
      `the template is of the profile ${template.profile}, category ${template.category}: leave profile and category out, or give those`,
      'TEMPLATE_PROFILE_MISMATCH',
      [{ path: 'profile', message: `must be the template’s (${template.profile}, category ${template.category})` }],
    );
  }
  return { profile: template.profile, category: template.category };
}

/**
 * Creates a DPP of the caller's company (docs/spec/decisions.md: the company's KYB must be VERIFIED).
 * The id is a new UUIDv7, so the company's list shows DPPs in the order they were created;
 * `search_id` is the GS1 Digital Link path of the item, its serial derived from the id
 * (lib/dpps/gtin.ts). One transaction checks KYB and the template and writes the DPP. The DPP
 * keeps a copy of its company's name and country (one GetItem first), so its passport page
 * reads it in one round trip (docs/data-model.md). With a template, the template is read beside
 * the company (the same round trip) for the profile a DPP made from it takes; a profiled DPP
 * starts with no aspect (`aspects: {}`).
 */
export async function createDpp(auth: Principal, { body }: v.InferOutput<typeof createDppInput>) {
  const item = await newDppItem(auth, body);
  await storeNewDpp(item);
  // Nothing hangs under a new DPP yet.
  return { dpp: { ...companyDppFields(item), images: [], files: [], cards: [], translations: [] } };
}

/** The item of a new DPP of the caller's company (createDpp): its company and template read, nothing written. */
export async function newDppItem(
  auth: Principal,
  body: v.InferOutput<typeof createDppInput>['body'],
): Promise<DppItem> {
  const id = uuidv7();
  const now = new Date().toISOString();
  const [company, template] = await Promise.all([
    readCompany(auth.companyId),
    body.template_id === undefined ? undefined : readTemplateProfile(body.template_id),
  ]);
  // Another company's template is refused by the transaction's check below; its profile is never used.
  const profiled = profileOf(body, template?.company_id === auth.companyId ? template : undefined);
  return toDppItem({
    id,
    company_id: auth.companyId,
    model_id: body.model_id,
    ...(body.template_id !== undefined && { template_id: body.template_id }),
    code: body.code,
    search_id: searchIdOf(body.code, serialOf(id)),
    name: body.name,
    description: body.description,
    dpp_type: body.type,
    language: body.language,
    ...(body.commodity_code !== undefined && { commodity_code: body.commodity_code }),
    ...(body.facility_id !== undefined && { facility_id: body.facility_id }),
    ...(company && { company_name: company.name, company_country: company.country_code }),
    ...(profiled && { ...profiled, aspects: {} }),
    // Private until its company publishes it (PUT /dpps/{dppId} `published: true`).
    published: false,
    created_at: now,
    updated_at: now,
  });
}

/**
 * Writes a new DPP (putNewDpp: one transaction checks KYB and the template), with its first
 * version's legs when `archive` says (the passport API's CreateDPP); throws 403 KYB_REQUIRED or
 * the template's refusal, and nothing is written then.
 */
export async function storeNewDpp(item: DppItem, archive?: Parameters<typeof putNewDpp>[1]): Promise<void> {
  const outcome = await putNewDpp(item, archive);
  if (outcome === 'kyb_required') {
    throw new ForbiddenError(
      'verify your business first (POST /verify-business): creating a DPP needs the company’s KYB status VERIFIED',
      'KYB_REQUIRED',
    );
  }
  if (outcome === 'template_not_found') throw templateNotOfCompany();
}
