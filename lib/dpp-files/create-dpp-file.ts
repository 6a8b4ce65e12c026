import * as v from 'valibot';
import { accessTier, storedTier } from '../access-tiers/tiers';
import type { Principal } from '../auth/claims';
import { dppFileView, toDppFileItem } from '../dpps/model';
import { ForbiddenError } from '../errors';
import { signedGetUrl } from '../files/storage';
import { createFileUnder } from '../files/under-parent';
import { nameOfUpload, readUpload, requiredFilePart, sha256Hex } from '../files/upload';
import { description, id, name, optionalText, uuid } from '../schemas';
import { dppScope } from './model';
import { dppFiles } from './repository';

export const createDppFileInput = v.pipe(
  v.object({
    params: v.object({ modelId: uuid, dppId: id }),
    body: v.object({
      file: requiredFilePart,
      name: optionalText(name),
      description: optionalText(description),
      hash: optionalText(sha256Hex),
      dpp_type: optionalText(uuid),
      model_id: optionalText(uuid),
      dpp_id: optionalText(id),
      user_id: optionalText(v.pipe(v.string(), v.maxLength(128))),
      access_tier: optionalText(accessTier),
    }),
  }),
  // Body ids repeat the path; when sent they must agree with it.
  v.forward(
    v.partialCheck(
      [
        ['params', 'dppId'],
        ['body', 'dpp_id'],
      ],
      ({ params, body }) => body.dpp_id === undefined || body.dpp_id === params.dppId,
      'must equal the dppId of the path',
    ),
    ['body', 'dpp_id'],
  ),
  v.forward(
    v.partialCheck(
      [
        ['params', 'modelId'],
        ['body', 'model_id'],
      ],
      ({ params, body }) => body.model_id === undefined || body.model_id === params.modelId,
      'must equal the modelId of the path',
    ),
    ['body', 'model_id'],
  ),
);

/** Uploads a file to a DPP of the caller's company, of the path's model. */
export async function createDppFile(auth: Principal, { params, body }: v.InferOutput<typeof createDppFileInput>) {
  if (body.user_id !== undefined && body.user_id !== auth.userId) {
    throw new ForbiddenError('user_id is not the user of your token', 'USER_MISMATCH');
  }
  const upload = readUpload(body.file, body.hash);
  const name = nameOfUpload(body.name, upload);
  const scope = dppScope(auth.companyId, params.modelId);
  const item = await createFileUnder(dppFiles, scope, params.dppId, upload, (fileId, content, createdAt) =>
    toDppFileItem(
      {
        id: fileId,
        dpp_id: params.dppId,
        company_id: auth.companyId,
        model_id: params.modelId,
        name,
        description: body.description ?? '',
        created_by: auth.userId,
        created_at: createdAt,
        access_tier: storedTier(body.access_tier ?? 'public'),
      },
      content,
    ),
  );
  return {
    message: 'DPP file uploaded',
    ok: true as const,
    file: { ...dppFileView(item), signedUrl: await signedGetUrl(item.path, item) },
  };
}
