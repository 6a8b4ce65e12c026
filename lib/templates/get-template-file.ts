import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { companyScope } from '../auth/tenancy';
import { signedGetUrl } from '../files/storage';
import { getFileUnder } from '../files/under-parent';
import { templateFileParams, templateFileView } from './model';
import { templateFiles } from './repository';

export const getTemplateFileInput = v.object({ params: templateFileParams });

/** One template file with a signed URL. */
export async function getTemplateFile(auth: Principal, { params }: v.InferOutput<typeof getTemplateFileInput>) {
  const item = await getFileUnder(templateFiles, companyScope(auth), params.templateId, params.fileId);
  return {
    file: { ...templateFileView(item), created_at: item.created_at, signedUrl: await signedGetUrl(item.path, item) },
  };
}
