/**
 * A bulk import (docs/behaviour.md, Bulk import; docs/data-model.md, Imports): a file of
 * passports uploaded to a presigned URL, queued by the upload's S3 event and written row by
 * row by the import worker (lib/imports/worker.ts), with a per-row report.
 */
import * as v from 'valibot';
import * as keys from '../data/keys';
import { NotFoundError } from '../errors';

export const IMPORT_FORMATS = ['jsonl', 'csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_MODES = ['create', 'upsert'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_STATUSES = ['waiting_upload', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** A row's outcome. */
export const ROW_STATUSES = ['created', 'updated', 'unchanged', 'failed'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/** The largest file an import takes (the presigned PUT's Content-Length range). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
/** How long the presigned upload URL works (at most 15 minutes). */
export const UPLOAD_EXPIRES_SECONDS = 15 * 60;

export interface ImportItem {
  pk: string;
  sk: string;
  type: 'IMPORT';
  id: string;
  company_id: string;
  format: ImportFormat;
  mode: ImportMode;
  dry_run: boolean;
  template_id?: string;
  /** A new passport's profile and category when its row and its template name none. */
  profile?: string;
  category?: string;
  /** The user who made the import (the history's `changed_by` of its aspect writes). */
  created_by?: string;
  mapping_id?: string;
  /** The mapping's columns, copied when the import is made (a later change of the mapping does not move a running import). */
  columns?: Record<string, string>;
  object_key: string;
  status: ImportStatus;
  /** Why the import failed as a whole (a file that is not its format, not UTF-8). */
  reason?: string;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** The checkpoint: every row before this one (1-based data rows) is written and counted. */
  next_row: number;
  /** Rows in the file, once the worker has seen them all (the validation pass). */
  total_rows?: number;
  created_at: string;
  started_at?: string;
  finished_at?: string;
}

export interface RowError {
  /** The column (CSV, XLSX; `<Aspect>:<JSON pointer>` for an aspect's) or field path (JSONL) the message is about; absent for the row as a whole. */
  column?: string;
  /** An aspect's problem in a JSONL row: its RFC 6901 pointer in the row (`/aspects/<Aspect>/...`). */
  path?: string;
  message: string;
  code?: string;
}

/** How complete a profiled row's passport is (lib/profiles/completeness.ts), as written or, in a dry run, as it would be. */
export interface RowCompleteness {
  complete: boolean;
  mandatory: number;
  present: number;
  /** The mandatory attributes it lacks, each `/<aspect><pointer>`. */
  missing: string[];
}

export interface ImportRowItem {
  pk: string;
  sk: string;
  type: 'IMPORT_ROW';
  row: number;
  status: RowStatus;
  dppId?: string;
  errors?: RowError[];
  completeness?: RowCompleteness;
}

export interface MappingItem {
  pk: string;
  sk: string;
  type: 'IMPORT_MAPPING';
  id: string;
  company_id: string;
  name: string;
  columns: Record<string, string>;
  created_at: string;
}

/** An import as GET /imports/{importId} answers it. */
/** What a new import's maker gives; the rest is the same for every new import. */
export type NewImport = Pick<
  ImportItem,
  'id' | 'company_id' | 'format' | 'mode' | 'dry_run' | 'object_key' | 'created_at'
> &
  Partial<Pick<ImportItem, 'template_id' | 'profile' | 'category' | 'created_by' | 'mapping_id' | 'columns'>>;

/** A new import: its keys, waiting for its file, no row counted yet and the first row next. */
export const newImportItem = (fields: NewImport): ImportItem => ({
  ...keys.bulkImport(fields.company_id, fields.id),
  type: keys.ItemType.Import,
  ...fields,
  status: 'waiting_upload',
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  next_row: 1,
});

export const importView = (item: ImportItem) => ({
  importId: item.id,
  format: item.format,
  mode: item.mode,
  dry_run: item.dry_run,
  ...(item.template_id !== undefined && { template_id: item.template_id }),
  ...(item.profile !== undefined && { profile: item.profile, category: item.category }),
  ...(item.mapping_id !== undefined && { mapping_id: item.mapping_id }),
  status: item.status,
  ...(item.reason !== undefined && { reason: item.reason }),
  rows: item.rows,
  created: item.created,
  updated: item.updated,
  unchanged: item.unchanged,
  failed: item.failed,
  percent:
    item.status === 'done'
      ? 100
      : item.total_rows
        ? Math.min(99, Math.floor((100 * (item.next_row - 1)) / item.total_rows))
        : 0,
  created_at: item.created_at,
  ...(item.started_at !== undefined && { started_at: item.started_at }),
  ...(item.finished_at !== undefined && { finished_at: item.finished_at }),
});

export const rowView = (item: ImportRowItem) => ({
  row: item.row,
  status: item.status,
  ...(item.dppId !== undefined && { dppId: item.dppId }),
  errors: item.errors ?? [],
  ...(item.completeness !== undefined && { completeness: item.completeness }),
});

export const importNotFound = () => new NotFoundError('No import with this id in your company', 'IMPORT_NOT_FOUND');
export const mappingNotFound = () =>
  new NotFoundError('No import mapping with this id in your company', 'MAPPING_NOT_FOUND');

/** The object key of an import's upload (under the bucket's one prefix). */
export const importObjectKey = (companyId: string, importId: string): string =>
  `companies/${companyId}/imports/${importId}${IMPORT_OBJECT_SUFFIX}`;

/** What an import's object key ends in: the bucket's event notification filters on it (only uploads of imports are queued). */
export const IMPORT_OBJECT_SUFFIX = '.import';

/** The company and import an uploaded object is for, or undefined for any other object. */
export function importOfObjectKey(key: string): { companyId: string; importId: string } | undefined {
  const match = /^companies\/([0-9a-f-]{36})\/imports\/([0-9a-f-]{36})\.import$/.exec(key);
  return match ? { companyId: match[1] as string, importId: match[2] as string } : undefined;
}

export const importStatus = v.picklist(IMPORT_STATUSES);
