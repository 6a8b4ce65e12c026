import { type FileItem, getItem, putChildIfParent, queryParentWithChildren } from '../data/file-items';
import { ItemType, keys, ranges } from '../data/keys';
import type { PageQuery } from '../data/paging';

/** A template (templates are provisioned per company; files hang under them). */
export interface TemplateItem {
  pk: string;
  sk: string;
  type: typeof ItemType.Template;
  id: string;
  company_id: string;
  name: string;
  model_id?: string;
  created_at: string;
}

export interface TemplateFileItem extends FileItem {
  type: typeof ItemType.TemplateFile;
  template_id: string;
}

export const templateFileKey = keys.templateFile;

export const getTemplateFileItem = (templateId: string, fileId: string) =>
  getItem<TemplateFileItem>(keys.templateFile(templateId, fileId));

/** The template and a page of its files, in one Query. */
export const queryTemplateWithFiles = (templateId: string, page: PageQuery) =>
  queryParentWithChildren<TemplateItem, TemplateFileItem>(ranges.templateWithFiles(templateId), page);

/** Writes the file only if the template exists and is the company's. */
export async function putTemplateFileItem(item: TemplateFileItem): Promise<TemplateFileItem | undefined> {
  const written = await putChildIfParent(
    { key: keys.template(item.template_id), expression: 'company_id = :company', values: { ':company': item.company_id } },
    { ...item },
  );
  return written ? item : undefined;
}
