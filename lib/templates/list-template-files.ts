import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { companyScope } from '../auth/tenancy';
import { listFilesUnder } from '../files/under-parent';
import { pageQuery, uuid } from '../schemas';
import { templateFileView } from './model';
import { templateFiles } from './repository';

export const listTemplateFilesInput = v.object({ params: v.object({ templateId: uuid }), query: pageQuery });

/**
 * A page of a template's files. Signs no URLs (the interface shows none in the list), so
 * list-template-files needs no bucket access and no BUCKET_NAME.
 */
export async function listTemplateFiles(auth: Principal, input: v.InferOutput<typeof listTemplateFilesInput>) {
  const { files, nextCursor } = await listFilesUnder(
    templateFiles,
    companyScope(auth),
    input.params.templateId,
    input.query,
  );
  return {
    files: files.map((item) => ({ ...templateFileView(item), created_at: item.created_at })),
    ...(nextCursor && { nextCursor }),
  };
}
