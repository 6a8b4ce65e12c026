import type { Key } from '../data/keys';
import type { AllowedMimeType } from './file-type';

/**
 * What every file item has, whatever its parent (a template, a DPP; later a version's
 * report). Each resource's model adds its own parent id and fields.
 */
export interface FileItem extends Key {
  type: string;
  id: string;
  company_id: string;
  model_id?: string;
  name: string;
  description: string;
  /** S3 key of the current bytes. */
  path: string;
  mime_type: AllowedMimeType;
  hash: string;
  size: number;
  /** Id of the current upload (one object per upload). */
  upload_id: string;
  created_at: string;
  updated_at: string;
  /** Object keys a DPP version or notarization refers to: never deleted. */
  pinned_paths?: Set<string>;
}

/** The stored bytes of a file: what an upload sets on the item. */
export type FileContent = Pick<FileItem, 'path' | 'mime_type' | 'hash' | 'size' | 'upload_id'>;

/** Name, description and content changes of an update; absent fields stay as they are. */
export interface FileChanges {
  name?: string;
  description?: string;
  model_id?: string;
  /** A DPP file's access tier (lib/access-tiers/tiers.ts); template files have none. */
  access_tier?: string;
  content?: FileContent;
}
