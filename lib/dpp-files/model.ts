import * as v from 'valibot';
import { ItemType, keys } from '../data/keys';
import type { CopiedFrom } from '../dpps/model';
import { NotFoundError } from '../errors';
import type { FileContent, FileItem } from '../files/model';
import { id, uuid } from '../schemas';

export interface DppFileItem extends FileItem {
  type: typeof ItemType.DppFile;
  dpp_id: string;
  /** Copied from the DPP (a DPP never changes model), so single-file reads need no second read. */
  model_id: string;
  created_by: string;
  notarized: boolean;
  /** Set on a file copied from a related DPP (its bytes copied to this DPP's own object key). */
  copied_from?: CopiedFrom;
}

/** DPP-file routes answer 406 for this (interface 4.10), also for other companies' ids. */
export const dppFileNotFound = () => new NotFoundError('DPP file not found', 'DPP_FILE_NOT_FOUND');

export interface NewDppFile {
  id: string;
  dpp_id: string;
  company_id: string;
  model_id: string;
  name: string;
  description: string;
  created_by: string;
  created_at: string;
  /** Absent: `created_at` (a new upload). An import restores an exported file's. */
  updated_at?: string;
  copied_from?: CopiedFrom;
}

export function toDppFileItem(file: NewDppFile, content: FileContent): DppFileItem {
  return {
    ...keys.dppFile(file.dpp_id, file.id),
    type: ItemType.DppFile,
    ...file,
    ...content,
    notarized: false,
    updated_at: file.updated_at ?? file.created_at,
  };
}

/** The DPP file as the interface shows it (section 2, DPP file). */
export function dppFileView(item: DppFileItem) {
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

/** The path parameters that name one DPP file. */
export const dppFileParams = v.object({ modelId: uuid, dppId: id, fileId: id });

/** The scope of a DPP file of the caller's: the company, and the model of the path. */
export const dppScope = (companyId: string, modelId: string) => ({ company_id: companyId, model_id: modelId });
