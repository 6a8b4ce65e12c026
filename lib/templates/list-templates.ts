import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { indexPage } from '../data/index-page';
import { indexRanges } from '../data/keys';
import { pageQuery } from '../schemas';
import { type TemplateItem, templateView } from './model';

export const listTemplatesInput = v.object({ query: pageQuery });

/** A page of the caller's company's templates, oldest id first. */
export async function listTemplates(auth: Principal, { query }: v.InferOutput<typeof listTemplatesInput>) {
  const { items, nextCursor } = await indexPage<TemplateItem>(
    indexRanges.companyTemplates(auth.companyId),
    auth.companyId,
    query,
  );
  return { templates: items.map(templateView), ...(nextCursor && { nextCursor }) };
}
