import * as v from 'valibot';
import { gsi1, ItemType, keys } from '../data/keys';
import { NotFoundError } from '../errors';
import type { FileContent, FileItem } from '../files/model';
import { uuid } from '../schemas';

/** A template (templates are provisioned per company; files hang under them). */
export interface TemplateItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
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

/** Template-file routes answer 406 for these (interface 4.9), also for other companies' ids. */
export const templateNotFound = () => new NotFoundError('template not found', 'TEMPLATE_NOT_FOUND');
export const templateFileNotFound = () => new NotFoundError('template file not found', 'TEMPLATE_FILE_NOT_FOUND');

export function toTemplateItem(t: {
  id: string;
  company_id: string;
  name: string;
  model_id?: string;
  created_at: string;
}): TemplateItem {
  return { ...keys.template(t.id), ...gsi1.companyTemplate(t.company_id, t.id), type: ItemType.Template, ...t };
}

export interface NewTemplateFile {
  id: string;
  template_id: string;
  company_id: string;
  model_id?: string;
  name: string;
  description: string;
  created_at: string;
  /** Absent: `created_at` (a new upload). An import restores an exported file's. */
  updated_at?: string;
}

export function toTemplateFileItem(file: NewTemplateFile, content: FileContent): TemplateFileItem {
  return {
    ...keys.templateFile(file.template_id, file.id),
    type: ItemType.TemplateFile,
    ...file,
    ...content,
    updated_at: file.updated_at ?? file.created_at,
  };
}

/** The template file as the interface shows it (section 2, Template file). */
export function templateFileView(item: TemplateFileItem) {
  return {
    id: item.id,
    template_id: item.template_id,
    name: item.name,
    description: item.description,
    path: item.path,
    type: item.mime_type,
    uuid: item.upload_id,
  };
}

/** The path parameters that name one template file. */
export const templateFileParams = v.object({ templateId: uuid, fileId: uuid });
