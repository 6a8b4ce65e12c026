import { v7 as uuidv7 } from 'uuid';
import { budget } from '../aws/budget';
import type { TransactionItem } from '../aws/dynamodb';
import { type CursorBinding, decodeCursor, encodeCursor } from '../data/paging';
import { ConflictError, type NotFoundError } from '../errors';
import { countUpload } from '../metrics';
import type { PageQuery } from '../schemas';
import type { FileChanges, FileContent, FileItem } from './model';
import { committedLeg, recordPendingObject, releasePendingObjects } from './pending-objects';
import { type FileRepository, inScope, type Scope } from './repository';
import { putObject, releaseObject } from './storage';
import type { Upload } from './upload';

/**
 * Files under a parent: the one implementation of create, list, view, update and delete
 * that DPP files and template files share (and a DPP version's report will).
 *
 * The order of S3 and DynamoDB writes: bytes are written before the record that points
 * at them, and released only after the record that stopped pointing at them is written.
 * A failure in between leaves an orphan object at worst, never a record without bytes and
 * never a half-done write. A released object is kept when a version pinned it.
 */
export interface FileParent<P extends object, F extends FileItem> {
  repository: FileRepository<P, F>;
  /** The object key of one upload of a file (lib/files/object-keys.ts). */
  objectKey: (companyId: string, parentId: string, fileId: string, uploadId: string) => string;
  parentNotFound: () => NotFoundError;
  fileNotFound: () => NotFoundError;
}

export const newId = (): string => uuidv7();
export const now = (): string => new Date().toISOString();

async function storeContent(upload: Upload, objectKey: (uploadId: string) => string): Promise<FileContent> {
  const uploadId = newId();
  const path = objectKey(uploadId);
  await storeObject(path, upload);
  return { path, mime_type: upload.mimeType, hash: upload.sha256, size: upload.size, upload_id: uploadId };
}

/**
 * Writes new bytes after their intent record (lib/files/pending-objects.ts), so an object
 * whose item never commits is found by the orphan sweeper. Also a DPP image's (lib/dpp-images).
 */
export async function storeObject(path: string, upload: Upload): Promise<void> {
  await recordPendingObject(path);
  await putObject(path, upload);
}

/**
 * Writes the record that points at new bytes; `write` gets the leg its transaction must carry
 * (the intent record's delete). When it fails or is refused (a falsy result), the new object and
 * its intent record are released again. Also a DPP image's (lib/dpp-images). A write whose
 * outcome is unknown (it got no answer, lib/aws/budget.ts) may still land and point at the
 * object, so the object stays; if the write did not land, its intent record is still there and
 * the orphan sweeper deletes the object after its grace (docs/behaviour.md, Faults): never an
 * item without its bytes, never an orphan for good.
 */
export async function recordOrRelease<T>(
  newPath: string,
  write: (committed: TransactionItem) => Promise<T>,
): Promise<T> {
  const result = await write(committedLeg(newPath)).catch(async (error: unknown) => {
    if (!budget()?.unanswered) await releasePendingObjects(newPath);
    throw error;
  });
  if (!result) await releasePendingObjects(newPath);
  return result;
}

/**
 * Stores the bytes, then the record built by `build`, only if the parent exists and is in
 * the caller's scope. If the record is not written, the new object is removed again.
 */
export async function createFileUnder<P extends object, F extends FileItem>(
  parent: FileParent<P, F>,
  scope: Scope & { company_id: string },
  parentId: string,
  upload: Upload,
  build: (fileId: string, content: FileContent, createdAt: string) => F,
): Promise<F> {
  const fileId = newId();
  const content = await storeContent(upload, (uploadId) =>
    parent.objectKey(scope.company_id, parentId, fileId, uploadId),
  );
  const item = build(fileId, content, now());
  const written = await recordOrRelease(content.path, (committed) =>
    parent.repository.putIfParent(parentId, item, scope, [committed]),
  );
  if (!written) throw parent.parentNotFound();
  countUpload(upload.size);
  return item;
}

/**
 * A page of the parent's files; the parent must be in the caller's scope, on every page. A
 * cursor is bound to this parent's collection and the caller's company (lib/data/paging.ts):
 * any other is INVALID_CURSOR before anything is read. Past that, a parent of another company
 * and a missing one answer the same not-found, whether or not the page has files.
 */
export async function listFilesUnder<P extends object, F extends FileItem>(
  parent: FileParent<P, F>,
  scope: Scope & { company_id: string },
  parentId: string,
  page: PageQuery,
): Promise<{ files: F[]; nextCursor?: string }> {
  const binding: CursorBinding = { range: parent.repository.keys.withFiles(parentId), companyId: scope.company_id };
  const after = page.cursor === undefined ? undefined : await decodeCursor(page.cursor, binding);
  const result = await parent.repository.pageWithParent(parentId, { limit: page.limit, after });
  const owned = inScope(result.parent, scope) && result.files.every((file) => inScope(file, scope));
  if (!owned) throw parent.parentNotFound();
  return {
    files: result.files,
    ...(result.nextKey && { nextCursor: await encodeCursor(result.nextKey, binding) }),
  };
}

/** One file of the caller's; another company's answers exactly like a missing one. */
export async function getFileUnder<P extends object, F extends FileItem>(
  parent: FileParent<P, F>,
  scope: Scope,
  parentId: string,
  fileId: string,
): Promise<F> {
  const item = await parent.repository.get(parentId, fileId);
  if (!item || !inScope(item, scope)) throw parent.fileNotFound();
  return item;
}

export interface FileUpdate {
  name?: string;
  description?: string;
  model_id?: string;
  access_tier?: string;
  upload?: Upload;
}

/**
 * Renames, re-describes and/or replaces the bytes of a file of the caller's. A concurrent
 * replace of the same file loses with a conflict. A replaced object is released unless pinned.
 */
export async function updateFileUnder<P extends object, F extends FileItem>(
  parent: FileParent<P, F>,
  scope: Scope & { company_id: string },
  parentId: string,
  fileId: string,
  update: FileUpdate,
): Promise<F> {
  const current = await getFileUnder(parent, scope, parentId, fileId);
  const key = parent.repository.keys.file(parentId, fileId);
  const changes: FileChanges = {
    name: update.name,
    description: update.description,
    model_id: update.model_id,
    access_tier: update.access_tier,
  };
  if (!update.upload) {
    const updated = await parent.repository.update(key, scope, changes, now());
    if (!updated) throw parent.fileNotFound();
    return updated;
  }
  changes.content = await storeContent(update.upload, (uploadId) =>
    parent.objectKey(scope.company_id, parentId, fileId, uploadId),
  );
  const newPath = changes.content.path;
  const updated = await recordOrRelease(newPath, (committed) =>
    parent.repository.update(key, scope, changes, now(), current.path, [committed]),
  );
  if (!updated) {
    throw new ConflictError('the file was changed or deleted by another request; read it again and retry');
  }
  countUpload(update.upload.size);
  await releaseObject(current.path, updated.pinned_paths);
  return updated;
}

/** Deletes a file of the caller's, then its bytes unless a version pinned them. */
export async function deleteFileUnder<P extends object, F extends FileItem>(
  parent: FileParent<P, F>,
  scope: Scope,
  parentId: string,
  fileId: string,
): Promise<F> {
  const deleted = await parent.repository.delete(parent.repository.keys.file(parentId, fileId), scope);
  if (!deleted) throw parent.fileNotFound();
  await releaseObject(deleted.path, deleted.pinned_paths);
  return deleted;
}
