import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { profileById } from '../profiles/catalogue';
import { id } from '../schemas';
import { mergePatch } from './merge-patch';
import { aspectDocument, aspectId } from './put-aspect';
import { writeAspect } from './write-aspect';

export const patchAspectInput = v.object({
  params: v.object({ dppId: id, aspect: aspectId }),
  body: aspectDocument,
});

/**
 * Changes part of an aspect's document of a profiled DPP of the caller's company: the body is a
 * JSON Merge Patch (RFC 7396) applied to the stored document (an empty one where none is stored
 * yet); the result is validated whole, as a PUT's body is (lib/dpp-aspects/write-aspect.ts).
 */
export const patchAspect = (auth: Principal, { params, body }: v.InferOutput<typeof patchAspectInput>) =>
  writeAspect(auth, params.dppId, params.aspect, (stored) => mergePatch(stored ?? {}, body), profileById);
