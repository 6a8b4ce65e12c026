import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { mergePatch } from '../dpp-aspects/merge-patch';
import { aspectDocument, aspectId } from '../dpp-aspects/put-aspect';
import { aspectChange } from '../dpp-aspects/write-aspect';
import { dppType, sourceLanguage } from '../dpps/fields';
import { dppChange } from '../dpps/update-dpp';
import { InvalidInputError } from '../errors';
import { commodityCode, facilityId } from '../identifiers';
import { packedProfileById } from '../profiles/packed-catalogue';
import { description, id, name } from '../schemas';
import { archivedChange } from './archive';

const ELEMENTS = 'name, description, type, language, commodityCode, aspects';

/** What a merge patch may change of a passport's elements (`null` removes a member where it may be absent). */
const elementsPatch = v.strictObject(
  {
    name: v.optional(name),
    description: v.optional(description),
    type: v.optional(dppType),
    language: v.optional(sourceLanguage),
    /** `null` removes the DPP's own: its template's counts again. */
    commodityCode: v.optional(v.nullable(commodityCode)),
    /** At most one aspect a patch: each aspect's write is one conditional write of its own. */
    aspects: v.optional(v.record(aspectId, v.nullable(aspectDocument))),
  },
  `is not an element you can change (${ELEMENTS})`,
);

export const updatePassportInput = v.object({
  params: v.object({ dppId: id }),
  body: v.pipe(
    v.strictObject(
      {
        /** `active` publishes the passport (complete, for a profiled one); `draft` withdraws it. */
        dppStatus: v.optional(v.picklist(['active', 'draft'], 'must be active or draft (DELETE archives)')),
        facilityId: v.optional(v.nullable(facilityId)),
        elements: v.optional(elementsPatch),
      },
      'is not a part of the passport you can change (dppStatus, facilityId, elements)',
    ),
    v.check((body) => Object.keys(body).length > 0, 'must change something: dppStatus, facilityId or elements'),
  ),
});

type Patch = v.InferOutput<typeof updatePassportInput>['body'];

/** The DPP's own fields a patch changes, in PUT /dpps/{dppId}'s terms; undefined when it changes none. */
function fieldsOf(patch: Patch) {
  const e = patch.elements ?? {};
  const fields = {
    ...(e.name !== undefined && { name: e.name }),
    ...(e.description !== undefined && { description: e.description }),
    ...(e.type !== undefined && { type: e.type }),
    ...(e.language !== undefined && { language: e.language }),
    ...(e.commodityCode !== undefined && { commodity_code: e.commodityCode }),
    ...(patch.facilityId !== undefined && { facility_id: patch.facilityId }),
    ...(patch.dppStatus !== undefined && { published: patch.dppStatus === 'active' }),
  };
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * UpdateDPPById (PATCH /v1/dpps/{dppId}): a JSON Merge Patch (RFC 7396) of the passport as its
 * company reads it: its status (`active` publishes, `draft` withdraws), its `facilityId`, and its
 * `elements`, each member replacing the stored one and `null` removing it; an aspect's member is a
 * merge patch of its document (lib/dpp-aspects/merge-patch.ts), `null` empties it. The DPP's fields
 * change through PUT /dpps/{dppId}'s use case, an aspect through its PATCH's, so each keeps its rules
 * (completeness to publish, the profile's validation, a ceased passport's). A patch changes the
 * fields or one aspect: both at once, or two aspects, is 400. The change and the new version that
 * archives it are ONE transaction (lib/passport-api/archive.ts): both land, or neither does.
 */
export async function updatePassport(auth: Principal, { params, body }: v.InferOutput<typeof updatePassportInput>) {
  const fields = fieldsOf(body);
  const aspects = Object.entries(body.elements?.aspects ?? {});
  if (aspects.length > 1 || (aspects.length === 1 && fields !== undefined)) {
    throw new InvalidInputError(
      'a patch changes the passport’s fields or one aspect, not more: each is one write of its own',
      'VALIDATION_ERROR',
      [{ path: 'elements.aspects', message: 'must be alone in the patch, with one aspect' }],
    );
  }
  const [aspect] = aspects;
  if (aspect) {
    const [aspectName, patch] = aspect;
    const next = (stored: Record<string, unknown> | undefined) =>
      patch === null ? {} : mergePatch(stored ?? {}, patch);
    return archivedChange(auth, params.dppId, aspectChange(auth, aspectName, next, packedProfileById));
  }
  if (fields) {
    return archivedChange(auth, params.dppId, dppChange(auth, fields, packedProfileById), {
      withdraw: fields.published !== undefined,
    });
  }
  throw new InvalidInputError('the patch changes nothing', 'VALIDATION_ERROR', [
    { path: 'elements', message: `must change at least one element: ${ELEMENTS}` },
  ]);
}
