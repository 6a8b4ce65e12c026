import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { id } from '../schemas';
import { importNotFound, importView } from './model';
import { readImport } from './repository';

export const getImportInput = v.object({ params: v.object({ importId: id }) });

/** An import's status and counts (another company's import answers as an unknown one). */
export async function getImport(auth: Principal, { params }: v.InferOutput<typeof getImportInput>) {
  const item = await readImport(auth.companyId, params.importId);
  if (!item) throw importNotFound();
  return importView(item);
}
