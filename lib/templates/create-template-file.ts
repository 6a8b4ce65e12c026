import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { assertOwnCompany, companyScope } from '../auth/tenancy';
import { signedGetUrl } from '../files/storage';
import { createFileUnder } from '../files/under-parent';
import { nameOfUpload, readUpload, requiredFilePart } from '../files/upload';
import { description, name, optionalText, uuid } from '../schemas';
import { templateFileView, toTemplateFileItem } from './model';
import { templateFiles } from './repository';

export const createTemplateFileInput = v.object({
  body: v.object({
    template_id: uuid,
    file: requiredFilePart,
    modelId: optionalText(uuid),
    name: optionalText(name),
    description: optionalText(description),
    company_id: optionalText(uuid),
  }),
});

/** Uploads a file to a template of the caller's company. */
export async function createTemplateFile(auth: Principal, { body }: v.InferOutput<typeof createTemplateFileInput>) {
  assertOwnCompany(auth, body.company_id);
  const upload = readUpload(body.file);
  const name = nameOfUpload(body.name, upload);
  const item = await createFileUnder(
    templateFiles,
    companyScope(auth),
    body.template_id,
    upload,
    (id, content, createdAt) =>
      toTemplateFileItem(
        {
          id,
          template_id: body.template_id,
          company_id: auth.companyId,
          model_id: body.modelId,
          name,
          description: body.description ?? '',
          created_at: createdAt,
        },
        content,
      ),
  );
  return {
    message: 'Template file created',
    ok: true as const,
    file: { ...templateFileView(item), created_at: item.created_at, signedUrl: await signedGetUrl(item.path, item) },
  };
}
