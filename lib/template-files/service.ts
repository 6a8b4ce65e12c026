import * as z from 'zod';
import type { Principal } from '../auth/claims';
import { assertOwnCompany, ownedBy } from '../auth/tenancy';
import { ItemType } from '../data/keys';
import { createFile, deleteFile, newId, now, updateFile } from '../files/file-lifecycle';
import { objectKeys } from '../files/object-keys';
import { signedGetUrl } from '../files/storage';
import { filePart, readUpload } from '../files/upload';
import { BadRequestError } from '../http/errors';
import { description, name, optionalText, uuid } from '../http/schemas';
import {
  getTemplateFileItem,
  putTemplateFileItem,
  type TemplateFileItem,
  templateFileKey,
} from './repository';
import { fileNotFound, templateNotFound, view } from './model';

const fileParams = z.object({ templateId: uuid, fileId: uuid });

export const createTemplateFileInput = z.object({
  body: z.object({
    template_id: uuid,
    file: filePart.optional(),
    modelId: optionalText(uuid),
    name: optionalText(name),
    description: optionalText(description),
    company_id: optionalText(uuid),
  }),
});

export async function createTemplateFile(auth: Principal, input: z.infer<typeof createTemplateFileInput>) {
  const { body } = input;
  assertOwnCompany(auth, body.company_id);
  const upload = readUpload(body.file);
  const fileId = newId();
  const createdAt = now();
  const item = await createFile(
    upload,
    (uploadId) => objectKeys.templateFile(auth.companyId, body.template_id, fileId, uploadId),
    (content) =>
      putTemplateFileItem({
        ...templateFileKey(body.template_id, fileId),
        type: ItemType.TemplateFile,
        id: fileId,
        template_id: body.template_id,
        company_id: auth.companyId,
        model_id: body.modelId,
        name: body.name ?? upload.filename,
        description: body.description ?? '',
        created_at: createdAt,
        updated_at: createdAt,
        ...content,
      }),
    templateNotFound,
  );
  return {
    message: 'Template file created',
    ok: true,
    file: { ...view(item), created_at: item.created_at, signedUrl: await signedGetUrl(item.path) },
  };
}

export const getTemplateFileInput = z.object({ params: fileParams });

async function ownFile(auth: Principal, templateId: string, fileId: string): Promise<TemplateFileItem> {
  const item = await getTemplateFileItem(templateId, fileId);
  if (!item || !ownedBy(auth, item)) throw fileNotFound();
  return item;
}

export async function getTemplateFile(auth: Principal, input: z.infer<typeof getTemplateFileInput>) {
  const item = await ownFile(auth, input.params.templateId, input.params.fileId);
  return { file: { ...view(item), created_at: item.created_at, signedUrl: await signedGetUrl(item.path) } };
}

export const updateTemplateFileInput = z.object({
  params: fileParams,
  body: z.object({
    file: filePart.optional(),
    modelId: optionalText(uuid),
    name: optionalText(name),
    description: optionalText(description),
    company_id: optionalText(uuid),
  }),
});

export async function updateTemplateFile(auth: Principal, input: z.infer<typeof updateTemplateFileInput>) {
  const { params, body } = input;
  assertOwnCompany(auth, body.company_id);
  if ([body.file, body.name, body.description, body.modelId].every((v) => v === undefined)) {
    throw new BadRequestError('send at least one of file, name, description or modelId', 'NOTHING_TO_UPDATE');
  }
  const upload = body.file === undefined ? undefined : readUpload(body.file);
  const current = await ownFile(auth, params.templateId, params.fileId);
  const item = await updateFile(
    current,
    { name: body.name, description: body.description, model_id: body.modelId, upload },
    (uploadId) => objectKeys.templateFile(auth.companyId, params.templateId, params.fileId, uploadId),
    fileNotFound,
  );
  return {
    message: 'Template file updated',
    ok: true,
    file: { ...view(item), updated_at: item.updated_at, signedUrl: await signedGetUrl(item.path) },
  };
}

export const deleteTemplateFileInput = z.object({ params: fileParams });

export async function deleteTemplateFile(auth: Principal, input: z.infer<typeof deleteTemplateFileInput>) {
  const { templateId, fileId } = input.params;
  await deleteFile(
    templateFileKey(templateId, fileId),
    { expression: 'company_id = :company', values: { ':company': auth.companyId } },
    fileNotFound,
  );
  return { message: `Template file ${fileId} of template ${templateId} was deleted`, ok: true };
}
