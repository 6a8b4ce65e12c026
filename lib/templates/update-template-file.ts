import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { assertOwnCompany, companyScope } from '../auth/tenancy';
import { InvalidInputError } from '../errors';
import { signedGetUrl } from '../files/storage';
import { updateFileUnder } from '../files/under-parent';
import { filePart, readUpload } from '../files/upload';
import { description, name, optionalText, uuid } from '../schemas';
import { templateFileParams, templateFileView } from './model';
import { templateFiles } from './repository';

export const updateTemplateFileInput = v.object({
  params: templateFileParams,
  body: v.object({
    file: v.optional(filePart),
    modelId: optionalText(uuid),
    name: optionalText(name),
    description: optionalText(description),
    company_id: optionalText(uuid),
  }),
});

/** Renames, re-describes, re-models and/or replaces the bytes of a template file. */
export async function updateTemplateFile(
  auth: Principal,
  { params, body }: v.InferOutput<typeof updateTemplateFileInput>,
) {
  assertOwnCompany(auth, body.company_id);
  if ([body.file, body.name, body.description, body.modelId].every((value) => value === undefined)) {
    throw new InvalidInputError('send at least one of file, name, description or modelId', 'NOTHING_TO_UPDATE');
  }
  const upload = body.file === undefined ? undefined : readUpload(body.file);
  const item = await updateFileUnder(templateFiles, companyScope(auth), params.templateId, params.fileId, {
    name: body.name,
    description: body.description,
    model_id: body.modelId,
    upload,
  });
  return {
    message: 'Template file updated',
    ok: true as const,
    file: { ...templateFileView(item), updated_at: item.updated_at, signedUrl: await signedGetUrl(item.path, item) },
  };
}
