import * as z from 'zod';
import type { Principal } from '../auth/claims';
import { ownsPage } from '../auth/tenancy';
import { encodeCursor, pageQuery } from '../data/paging';
import { uuid } from '../http/schemas';
import { templateNotFound, view } from './model';
import { queryTemplateWithFiles } from './repository';

/**
 * Listing template files signs no URLs (the interface shows none in the list), so this
 * module stays clear of S3: list-template-files has no bucket access and no BUCKET_NAME.
 */
export const listTemplateFilesInput = z.object({ params: z.object({ templateId: uuid }), query: pageQuery });

export async function listTemplateFiles(auth: Principal, input: z.infer<typeof listTemplateFilesInput>) {
  const page = await queryTemplateWithFiles(input.params.templateId, input.query);
  if (!ownsPage(auth, page, input.query.cursor !== undefined)) throw templateNotFound();
  const { children, nextKey } = page;
  return {
    files: children.map((item) => ({ ...view(item), created_at: item.created_at })),
    ...(nextKey && { nextCursor: encodeCursor(nextKey) }),
  };
}

