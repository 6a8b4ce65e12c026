import * as keys from '../data/keys';
import { ranges } from '../data/keys';
import { type DppFileItem, type DppItem, dppNotFound } from '../dpps/model';
import { objectKeys } from '../files/object-keys';
import { fileRepository } from '../files/repository';
import type { FileParent } from '../files/under-parent';
import { dppFileNotFound } from './model';

/** DPP files are files under a DPP: one Query reads a DPP with a page of its files. */
export const dppFiles: FileParent<DppItem, DppFileItem> = {
  repository: fileRepository<DppItem, DppFileItem>({
    parent: keys.dpp,
    file: keys.dppFile,
    withFiles: ranges.dppWithFiles,
  }),
  objectKey: objectKeys.dppFile,
  parentNotFound: dppNotFound,
  fileNotFound: dppFileNotFound,
};
