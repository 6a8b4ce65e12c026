import * as z from 'zod';
import type { Principal } from '../auth/claims';
import { ownedBy } from '../auth/tenancy';
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
  const { parent, children, nextKey } = await queryTemplateWithFiles(input.params.templateId, input.query);
  // The first page has the template itself; later pages are checked through their files.
  if (input.query.cursor ? !children.every((f) => ownedBy(auth, f)) : !ownedBy(auth, parent)) {
    throw templateNotFound();
  }
  return {
    files: children.map((item) => ({ ...view(item), created_at: item.created_at })),
    ...(nextKey && { nextCursor: encodeCursor(nextKey) }),
  };
}

