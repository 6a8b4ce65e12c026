import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { noItem, ofCompany, partialUpdate, where } from '../data/expressions';
import * as keys from '../data/keys';
import { ranges } from '../data/keys';
import { objectKeys } from '../files/object-keys';
import { fileRepository } from '../files/repository';
import type { FileParent } from '../files/under-parent';
import { type TemplateFileItem, type TemplateItem, templateFileNotFound, templateNotFound } from './model';

/** Template files are files under a template: one Query reads a template with a page of its files. */
export const templateFiles: FileParent<TemplateItem, TemplateFileItem> = {
  repository: fileRepository<TemplateItem, TemplateFileItem>({
    parent: keys.template,
    file: keys.templateFile,
    withFiles: ranges.templateWithFiles,
  }),
  objectKey: objectKeys.templateFile,
  parentNotFound: templateNotFound,
  fileNotFound: templateFileNotFound,
};

/** Writes a new template (its id is new: the Put is conditioned on none with it). */
export async function putNewTemplate(item: TemplateItem): Promise<void> {
  await table.transact([{ put: { ...item }, condition: noItem() }]);
}

/** What PUT /templates/{templateId} may change. */
export interface TemplateChanges {
  name?: string;
  model_id?: string;
  commodity_code?: string | null;
  facility_id?: string | null;
  /** Both or neither (the input's check). */
  profile?: string;
  category?: string;
  updated_at: string;
}

/**
 * Applies `changes` to a template of the company: ONE UpdateItem conditioned on the template
 * being the company's, answering the item as stored after it; undefined when it is not (a
 * missing template and another company's alike).
 */
export async function writeTemplateChanges(
  templateId: string,
  companyId: string,
  changes: TemplateChanges,
): Promise<TemplateItem | undefined> {
  try {
    return await table.update<TemplateItem>(
      keys.template(templateId),
      partialUpdate({ ...changes }),
      where(ofCompany(companyId)),
    );
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
