import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { bucket } from '../aws/s3';
import { InvalidInputError } from '../errors';
import { profileChoiceCheck, profileChoiceEntries } from '../profiles/choice';
import { uuid } from '../schemas';
import {
  IMPORT_FORMATS,
  IMPORT_MODES,
  importObjectKey,
  importView,
  MAX_IMPORT_BYTES,
  newImportItem,
  UPLOAD_EXPIRES_SECONDS,
} from './model';
import { putImport, readMapping } from './repository';

export const createImportInput = v.object({
  body: v.pipe(
    v.strictObject(
      {
        format: v.picklist(IMPORT_FORMATS, 'must be jsonl, csv or xlsx'),
        mode: v.optional(v.picklist(IMPORT_MODES, 'must be create or upsert'), 'create'),
        dry_run: v.optional(v.boolean('must be true or false'), false),
        template_id: v.optional(uuid),
        ...profileChoiceEntries,
        mapping_id: v.optional(uuid),
      },
      'is not a field of an import (format, mode, dry_run, template_id, profile, category, mapping_id)',
    ),
    profileChoiceCheck(),
  ),
});

const CONTENT_TYPES = {
  jsonl: 'application/x-ndjson',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * Opens an import (docs/behaviour.md, Bulk import): its item, `waiting_upload`, and a presigned
 * PUT of its file for UPLOAD_EXPIRES_SECONDS. The upload's S3 event queues it; nothing else does.
 */
export async function createImport(auth: Principal, { body }: v.InferOutput<typeof createImportInput>) {
  const mapping = body.mapping_id === undefined ? undefined : await readMapping(auth.companyId, body.mapping_id);
  if (body.mapping_id !== undefined && !mapping) {
    throw new InvalidInputError('mapping_id names no import mapping of your company', 'MAPPING_NOT_FOUND', [
      { path: 'mapping_id', message: 'is not an import mapping of your company' },
    ]);
  }
  const id = uuidv7();
  const now = new Date();
  const item = newImportItem({
    id,
    company_id: auth.companyId,
    format: body.format,
    mode: body.mode,
    dry_run: body.dry_run,
    ...(body.template_id !== undefined && { template_id: body.template_id }),
    ...(body.profile !== undefined && { profile: body.profile, category: body.category }),
    created_by: auth.userId,
    ...(mapping && { mapping_id: mapping.id, columns: mapping.columns }),
    object_key: importObjectKey(auth.companyId, id),
    created_at: now.toISOString(),
  });

  await putImport(item);
  const upload = await bucket.putUrl(item.object_key, CONTENT_TYPES[body.format], UPLOAD_EXPIRES_SECONDS);
  return {
    ...importView(item),
    upload: {
      method: 'PUT' as const,
      url: upload.url,
      headers: upload.headers,
      expires_at: new Date(now.getTime() + UPLOAD_EXPIRES_SECONDS * 1000).toISOString(),
      max_bytes: MAX_IMPORT_BYTES,
    },
  };
}
