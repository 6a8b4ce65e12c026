import * as z from 'zod';
import type { Principal } from '../auth/claims';
import { assertOwnCompany, ownedBy, ownsPage } from '../auth/tenancy';
import { ItemType } from '../data/keys';
import { encodeCursor, pageQuery } from '../data/paging';
import { createFile, deleteFile, newId, now, updateFile } from '../files/file-lifecycle';
import { objectKeys } from '../files/object-keys';
import { signedGetUrl } from '../files/storage';
import { filePart, readUpload, sha256Hex } from '../files/upload';
import { BadRequestError, ForbiddenError, NotFoundError } from '../http/errors';
import { description, id, name, optionalText, uuid } from '../http/schemas';
import { type DppFileItem, dppFileKey, getDppFileItem, putDppFileItem, queryDppWithFiles } from './repository';

/** DPP-file endpoints answer 406 for "file or DPP not found" (interface 4.10), also for other companies' ids. */
const dppNotFound = () => new NotFoundError('DPP not found', 406, 'DPP_NOT_FOUND');
const fileNotFound = () => new NotFoundError('DPP file not found', 406, 'DPP_FILE_NOT_FOUND');

/** The DPP file as the interface shows it (section 2, DPP file). */
function view(item: DppFileItem) {
  return {
    id: item.id,
    dpp_id: item.dpp_id,
    created_at: item.created_at,
    updated_at: item.updated_at,
    created_by: item.created_by,
    description: item.description,
    name: item.name,
    path: item.path,
    type: item.mime_type,
    hash: item.hash,
    notarized: item.notarized,
  };
}

const withUrl = async (item: DppFileItem) => ({ ...view(item), url: await signedGetUrl(item.path) });
const withSignedUrl = async (item: DppFileItem) => ({ ...view(item), signedUrl: await signedGetUrl(item.path) });

const fileParams = z.object({ modelId: uuid, dppId: id, fileId: id });

export const createDppFileInput = z
  .object({
    params: z.object({ modelId: uuid, dppId: id }),
    body: z.object({
      file: filePart.optional(),
      name: optionalText(name),
      description: optionalText(description),
      hash: optionalText(sha256Hex),
      dpp_type: optionalText(uuid),
      model_id: optionalText(uuid),
      dpp_id: optionalText(id),
      user_id: optionalText(z.string().max(128)),
    }),
  })
  .superRefine(({ params, body }, ctx) => {
    // Body ids repeat the path; when sent they must agree with it.
    if (body.dpp_id !== undefined && body.dpp_id !== params.dppId) {
      ctx.addIssue({ code: 'custom', path: ['body', 'dpp_id'], message: 'must equal the dppId of the path' });
    }
    if (body.model_id !== undefined && body.model_id !== params.modelId) {
      ctx.addIssue({ code: 'custom', path: ['body', 'model_id'], message: 'must equal the modelId of the path' });
    }
  });

export async function createDppFile(auth: Principal, input: z.infer<typeof createDppFileInput>) {
  const { params, body } = input;
  if (body.user_id !== undefined && body.user_id !== auth.userId) {
    throw new ForbiddenError('user_id is not the user of your token', 'USER_MISMATCH');
  }
  const upload = readUpload(body.file, body.hash);
  const fileId = newId();
  const createdAt = now();
  const item = await createFile(
    upload,
    (uploadId) => objectKeys.dppFile(auth.companyId, params.dppId, fileId, uploadId),
    (content) =>
      putDppFileItem({
        ...dppFileKey(params.dppId, fileId),
        type: ItemType.DppFile,
        id: fileId,
        dpp_id: params.dppId,
        company_id: auth.companyId,
        model_id: params.modelId,
        name: body.name ?? upload.filename,
        description: body.description ?? '',
        created_by: auth.userId,
        notarized: false,
        created_at: createdAt,
        updated_at: createdAt,
        ...content,
      }),
    dppNotFound,
  );
  return { message: 'DPP file uploaded', ok: true, file: await withSignedUrl(item) };
}

export const listDppFilesInput = z.object({ params: z.object({ dppId: id }), query: pageQuery });

export async function listDppFiles(auth: Principal, input: z.infer<typeof listDppFilesInput>) {
  const page = await queryDppWithFiles(input.params.dppId, input.query);
  if (!ownsPage(auth, page, input.query.cursor !== undefined)) throw dppNotFound();
  const { children, nextKey } = page;
  return {
    files: await Promise.all(children.map(withUrl)),
    ...(nextKey && { nextCursor: encodeCursor(nextKey) }),
  };
}

async function ownFile(auth: Principal, params: z.infer<typeof fileParams>): Promise<DppFileItem> {
  const item = await getDppFileItem(params.dppId, params.fileId);
  if (!item || !ownedBy(auth, item) || item.model_id !== params.modelId) throw fileNotFound();
  return item;
}

export const getDppFileInput = z.object({ params: fileParams });

export async function getDppFile(auth: Principal, input: z.infer<typeof getDppFileInput>) {
  const item = await ownFile(auth, input.params);
  // The interface shows `file` as an array here.
  return { file: [await withUrl(item)] };
}

export const updateDppFileInput = z.object({
  params: fileParams,
  body: z.object({
    file: filePart.optional(),
    name: optionalText(name),
    description: optionalText(description),
    hash: optionalText(sha256Hex),
    company_id: optionalText(z.string().max(128)),
  }),
});

export async function updateDppFile(auth: Principal, input: z.infer<typeof updateDppFileInput>) {
  const { params, body } = input;
  assertOwnCompany(auth, body.company_id);
  if (body.file === undefined && body.name === undefined && body.description === undefined) {
    throw new BadRequestError('send at least one of file, name or description', 'NOTHING_TO_UPDATE');
  }
  if (body.file === undefined && body.hash !== undefined) {
    throw new BadRequestError('hash is only accepted with a file', 'HASH_WITHOUT_FILE');
  }
  const upload = body.file === undefined ? undefined : readUpload(body.file, body.hash);
  const current = await ownFile(auth, params);
  const item = await updateFile(
    current,
    { name: body.name, description: body.description, upload },
    (uploadId) => objectKeys.dppFile(auth.companyId, params.dppId, params.fileId, uploadId),
    fileNotFound,
  );
  // The interface shows `file` as an array here.
  return { message: 'DPP file updated', ok: true, file: [await withSignedUrl(item)] };
}

export const deleteDppFileInput = z.object({ params: fileParams });

export async function deleteDppFile(auth: Principal, input: z.infer<typeof deleteDppFileInput>) {
  const { modelId, dppId, fileId } = input.params;
  await deleteFile(
    dppFileKey(dppId, fileId),
    { expression: 'company_id = :company AND model_id = :model', values: { ':company': auth.companyId, ':model': modelId } },
    fileNotFound,
  );
  return { message: `File ${fileId} of DPP ${dppId} was deleted`, ok: true };
}
