import { NotFoundError } from '../http/errors';
import type { TemplateFileItem } from './repository';

/** Template-file endpoints answer 406 for "not found" (interface 4.9), also for other companies' ids. */
export const templateNotFound = () => new NotFoundError('template not found', 406, 'TEMPLATE_NOT_FOUND');
export const fileNotFound = () => new NotFoundError('template file not found', 406, 'TEMPLATE_FILE_NOT_FOUND');

/** The template file as the interface shows it (section 2, Template file). */
export function view(item: TemplateFileItem) {
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

