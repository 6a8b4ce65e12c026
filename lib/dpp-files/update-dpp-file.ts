import * as v from 'valibot';
import { accessTier } from '../access-tiers/tiers';
import type { Principal } from '../auth/claims';
import { assertOwnCompany } from '../auth/tenancy';
import { dppFileView } from '../dpps/model';
import { withdrawPublicAnswers } from '../dpps/public-paths';
import { InvalidInputError } from '../errors';
import { signedGetUrl } from '../files/storage';
import { updateFileUnder } from '../files/under-parent';
import { filePart, readUpload, sha256Hex } from '../files/upload';
import { description, name, optionalText } from '../schemas';
import { dppFileParams, dppScope } from './model';
import { dppFiles } from './repository';

export const updateDppFileInput = v.object({
  params: dppFileParams,
  body: v.object({
    file: v.optional(filePart),
    name: optionalText(name),
    description: optionalText(description),
    hash: optionalText(sha256Hex),
    company_id: optionalText(v.pipe(v.string(), v.maxLength(128))),
    access_tier: optionalText(accessTier),
  }),
});

/** Renames, re-describes and/or replaces the bytes of a DPP file. */
export async function updateDppFile(auth: Principal, { params, body }: v.InferOutput<typeof updateDppFileInput>) {
  assertOwnCompany(auth, body.company_id);
  if (
    body.file === undefined &&
    body.name === undefined &&
    body.description === undefined &&
    body.access_tier === undefined
  ) {
    throw new InvalidInputError('send at least one of file, name, description or access_tier', 'NOTHING_TO_UPDATE');
  }
  if (body.file === undefined && body.hash !== undefined) {
    throw new InvalidInputError('hash is only accepted with a file', 'HASH_WITHOUT_FILE');
  }
  const upload = body.file === undefined ? undefined : readUpload(body.file, body.hash);
  const scope = dppScope(auth.companyId, params.modelId);
  const item = await updateFileUnder(dppFiles, scope, params.dppId, params.fileId, {
    name: body.name,
    description: body.description,
    access_tier: body.access_tier,
    upload,
  });
  // Who may read it changed: the CDN drops what it kept of the DPP (when there is one).
  if (body.access_tier !== undefined) await withdrawPublicAnswers(params.dppId);
  // The interface shows `file` as an array here.
  return {
    message: 'DPP file updated',
    ok: true as const,
    file: [{ ...dppFileView(item), signedUrl: await signedGetUrl(item.path, item) }],
  };
}
