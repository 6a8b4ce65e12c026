import { keys, ranges } from '../data/keys';
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
