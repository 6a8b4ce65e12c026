import { v7 as uuidv7 } from 'uuid';
import { ConflictError, type HttpError } from '../http/errors';
import type { Key } from '../data/keys';
import { deleteItemIf, type FileChanges, type FileItem, updateFileItem } from '../data/file-items';
import { putObject, releaseObject } from './storage';
import type { Upload } from './upload';

/**
 * The order of S3 and DynamoDB writes for files, shared by DPP files and template files.
 * Bytes are written before the record that points at them, and released only after the
 * record that stopped pointing at them is written: a failure in between leaves an orphan
 * object at worst, never a record without bytes and never a half-done write.
 */

export type FileContent = NonNullable<FileChanges['content']>;

export const newId = (): string => uuidv7();
export const now = (): string => new Date().toISOString();

async function storeContent(upload: Upload, objectKey: (uploadId: string) => string): Promise<FileContent> {
  const uploadId = newId();
  const path = objectKey(uploadId);
  await putObject(path, upload);
  return { path, mime_type: upload.mimeType, hash: upload.sha256, size: upload.size, upload_id: uploadId };
}

/**
 * Stores the bytes, then the record (`write` returns undefined when the parent is not
 * the caller's). If the record is not written, the new object is removed again.
 */
export async function createFile<T extends FileItem>(
  upload: Upload,
  objectKey: (uploadId: string) => string,
  write: (content: FileContent) => Promise<T | undefined>,
  notFound: () => HttpError,
): Promise<T> {
  const content = await storeContent(upload, objectKey);
  const item = await write(content).catch(async (error: unknown) => {
    await releaseObject(content.path, undefined);
    throw error;
  });
  if (!item) {
    await releaseObject(content.path, undefined);
    throw notFound();
  }
  return item;
}

export interface FileUpdate {
  name?: string;
  description?: string;
  model_id?: string;
  upload?: Upload;
}

/**
 * Renames, re-describes and/or replaces the bytes of a file the caller has already read
 * (`current`, checked to be theirs). A replaced object is released unless pinned.
 */
export async function updateFile<T extends FileItem>(
  current: T,
  update: FileUpdate,
  objectKey: (uploadId: string) => string,
  notFound: () => HttpError,
): Promise<T> {
  const key: Key = { pk: current.pk, sk: current.sk };
  if (!update.upload) {
    const updated = await updateFileItem<T>(key, current.company_id, update, now());
    if (!updated) throw notFound();
    return updated;
  }
  const content = await storeContent(update.upload, objectKey);
  const changes: FileChanges = { name: update.name, description: update.description, model_id: update.model_id, content };
  const updated = await updateFileItem<T>(key, current.company_id, changes, now(), current.path).catch(
    async (error: unknown) => {
      await releaseObject(content.path, undefined);
      throw error;
    },
  );
  if (!updated) {
    await releaseObject(content.path, undefined);
    throw new ConflictError('the file was changed or deleted by another request; read it again and retry');
  }
  await releaseObject(current.path, updated.pinned_paths);
  return updated;
}

/** Deletes the record if `condition` holds, then its bytes unless a version pinned them. */
export async function deleteFile<T extends FileItem>(
  key: Key,
  condition: { expression: string; values: Record<string, unknown> },
  notFound: () => HttpError,
): Promise<T> {
  const deleted = await deleteItemIf<T>(key, condition);
  if (!deleted) throw notFound();
  await releaseObject(deleted.path, deleted.pinned_paths);
  return deleted;
}
