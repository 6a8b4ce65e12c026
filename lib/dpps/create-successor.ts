import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { ConflictError, ForbiddenError, InvalidInputError } from '../errors';
import { successorAspects } from '../profiles/lifecycle';
import { id } from '../schemas';
import { searchIdOf, serialOf } from './gtin';
import { ceased, concurrentChange, readForLifecycle } from './lifecycle';
import { companyDppFields, toDppItem } from './model';
import { putSuccessor } from './repository';

export const createSuccessorInput = v.object({
  params: v.object({ dppId: id }),
  body: v.strictObject(
    { status: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) },
    'is not a field of a successor (status)',
  ),
});

/**
 * Creates the passport of a repurposed or remanufactured product (docs/behaviour.md, Lifecycle;
 * Art. 77(7) for batteries): a new DPP of the same company, model, profile and category, with a
 * new id and Digital Link path, the predecessor's static model-level attributes (those that still
 * hold: lib/profiles/lifecycle.ts), its own status `status` (one of the profile's successor
 * statuses), private until published, and linked both ways: `replaces` on it, `replaced_by` on
 * the predecessor, in one transaction. Its images, files, cards and translations are not copied.
 */
export async function createSuccessor(auth: Principal, { params, body }: v.InferOutput<typeof createSuccessorInput>) {
  const { dpp, profile, lifecycle } = await readForLifecycle(params.dppId, auth.companyId);
  const status = lifecycle.successor.find((value) => String(value) === body.status);
  if (status === undefined) {
    throw new InvalidInputError('status is not a status of a successor in the DPP’s profile', 'VALIDATION_ERROR', [
      { path: 'status', message: `must be one of ${lifecycle.successor.join(', ')}` },
    ]);
  }
  if (dpp.ceased_at !== undefined) throw ceased();
  if (dpp.replaced_by !== undefined) {
    throw new ConflictError(`the DPP was already replaced by ${dpp.replaced_by}`, 'ALREADY_REPLACED');
  }
  const newId = uuidv7();
  const now = new Date().toISOString();
  const item = toDppItem({
    id: newId,
    company_id: dpp.company_id,
    model_id: dpp.model_id,
    ...(dpp.code !== undefined && { code: dpp.code, search_id: searchIdOf(dpp.code, serialOf(newId)) }),
    name: dpp.name,
    description: dpp.description,
    dpp_type: dpp.dpp_type,
    language: dpp.language,
    ...(dpp.company_name !== undefined && { company_name: dpp.company_name }),
    ...(dpp.company_country !== undefined && { company_country: dpp.company_country }),
    profile: profile.id,
    ...(dpp.category !== undefined && { category: dpp.category }),
    aspects: successorAspects(profile, lifecycle, dpp.aspects, status),
    replaces: dpp.id,
    // Private until its company publishes it, like any new DPP.
    published: false,
    created_at: now,
    updated_at: now,
  });
  const outcome = await putSuccessor(item, dpp);
  if (outcome === 'kyb_required') {
    throw new ForbiddenError(
      'verify your business first (POST /verify-business): creating a DPP needs the company’s KYB status VERIFIED',
      'KYB_REQUIRED',
    );
  }
  if (outcome === 'changed') throw concurrentChange();
  return { dpp: { ...companyDppFields(item), images: [], files: [], cards: [], translations: [] } };
}
