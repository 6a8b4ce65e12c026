import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { companyScope } from '../auth/tenancy';
import { deleteFileUnder } from '../files/under-parent';
import { templateFileParams } from './model';
import { templateFiles } from './repository';

export const deleteTemplateFileInput = v.object({ params: templateFileParams });

/** Deletes a template file and its stored bytes (unless a version pinned them). */
export async function deleteTemplateFile(auth: Principal, { params }: v.InferOutput<typeof deleteTemplateFileInput>) {
  await deleteFileUnder(templateFiles, companyScope(auth), params.templateId, params.fileId);
  return { message: `Template file ${params.fileId} of template ${params.templateId} was deleted`, ok: true as const };
}
