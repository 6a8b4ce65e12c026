import type { DppItem } from '../dpps/repository';
import { type FileItem, getItem, putChildIfParent, queryParentWithChildren } from '../data/file-items';
import { type ItemType, keys, ranges } from '../data/keys';
import type { PageQuery } from '../data/paging';

export interface DppFileItem extends FileItem {
  type: typeof ItemType.DppFile;
  dpp_id: string;
  /** Copied from the DPP (a DPP never changes model), so single-file reads need no second read. */
  model_id: string;
  created_by: string;
  notarized: boolean;
}

export const dppFileKey = keys.dppFile;

export const getDppFileItem = (dppId: string, fileId: string) => getItem<DppFileItem>(keys.dppFile(dppId, fileId));

/** The DPP and a page of its files, in one Query. */
export const queryDppWithFiles = (dppId: string, page: PageQuery) =>
  queryParentWithChildren<DppItem, DppFileItem>(ranges.dppWithFiles(dppId), page);

/** Writes the file only if the DPP exists, is the company's and is of the given model. */
export async function putDppFileItem(item: DppFileItem): Promise<DppFileItem | undefined> {
  const written = await putChildIfParent(
    {
      key: keys.dpp(item.dpp_id),
      expression: 'company_id = :company AND model_id = :model',
      values: { ':company': item.company_id, ':model': item.model_id },
    },
    { ...item },
  );
  return written ? item : undefined;
}

