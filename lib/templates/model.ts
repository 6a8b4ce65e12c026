import * as v from 'valibot';
import * as keys from '../data/keys';
import { gsi1, ItemType } from '../data/keys';
import { NotFoundError } from '../errors';
import type { FileContent, FileItem } from '../files/model';
import { uuid } from '../schemas';

/** A template of a company (POST /templates, or seeded); files hang under it, and DPPs name it. */
export interface TemplateItem {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  type: typeof ItemType.Template;
  id: string;
  company_id: string;
  name: string;
  /** The product model the template is for (seeded templates may have none). */
  model_id?: string;
  /** The sector profile and category a DPP made from the template takes (docs/profiles.md); both or neither. */
  profile?: string;
  category?: string;
  /** The commodity code and facility GLN a DPP made from it has unless it sets its own (docs/behaviour.md, The EU registry). */
  commodity_code?: string;
  facility_id?: string;
  created_at: string;
  /** Set by PUT /templates/{templateId}; absent: never changed. */
  updated_at?: string;
}

export interface TemplateFileItem extends FileItem {
  type: typeof ItemType.TemplateFile;
  template_id: string;
}

/** Template-file routes answer 406 for these (interface 4.9), also for other companies' ids. */
export const templateNotFound = () => new NotFoundError('template not found', 'TEMPLATE_NOT_FOUND');
export const templateFileNotFound = () => new NotFoundError('template file not found', 'TEMPLATE_FILE_NOT_FOUND');

export function toTemplateItem(t: Omit<TemplateItem, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'type'>): TemplateItem {
  return { ...keys.template(t.id), ...gsi1.companyTemplate(t.company_id, t.id), type: ItemType.Template, ...t };
}

/** A template as the template routes answer it: a model never set is `""`, a template never changed was updated when created. */
export function templateView(item: TemplateItem) {
  return {
    id: item.id,
    company_id: item.company_id,
    name: item.name,
    model_id: item.model_id ?? '',
    profile: item.profile ?? '',
    category: item.category ?? '',
    commodity_code: item.commodity_code ?? '',
    facility_id: item.facility_id ?? '',
    created_at: item.created_at,
    updated_at: item.updated_at ?? item.created_at,
  };
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
