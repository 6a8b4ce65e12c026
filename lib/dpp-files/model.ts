import * as v from 'valibot';
import { NotFoundError } from '../errors';
import { id, uuid } from '../schemas';

/** DPP-file routes answer 406 for this (interface 4.10), also for other companies' ids. */
export const dppFileNotFound = () => new NotFoundError('DPP file not found', 'DPP_FILE_NOT_FOUND');

/** The path parameters that name one DPP file. */
export const dppFileParams = v.object({ modelId: uuid, dppId: id, fileId: id });

/** The scope of a DPP file of the caller's: the company, and the model of the path. */
export const dppScope = (companyId: string, modelId: string) => ({ company_id: companyId, model_id: modelId });
