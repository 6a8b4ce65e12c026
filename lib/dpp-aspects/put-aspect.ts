import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { profileById } from '../profiles/catalogue';
import { id } from '../schemas';
import { writeAspect } from './write-aspect';

/** An aspect's id as a path names it (lib/profiles/format.ts). */
export const aspectId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z][A-Za-z0-9-]{0,99}$/, 'must be an aspect id of the DPP’s profile: letters, digits or -'),
);

/** A JSON document: any object (its fields are checked against the profile by the use case, not here). */
export const aspectDocument = v.looseObject({});

export const putAspectInput = v.object({
  params: v.object({ dppId: id, aspect: aspectId }),
  body: aspectDocument,
});

/**
 * Replaces an aspect's document of a profiled DPP of the caller's company (docs/profiles.md,
 * Writing aspects): the body is the whole new document, validated whole (lib/dpp-aspects/write-aspect.ts).
 */
export const putAspect = (auth: Principal, { params, body }: v.InferOutput<typeof putAspectInput>) =>
  writeAspect(auth, params.dppId, params.aspect, () => body, profileById);
