import * as z from 'zod';

/** Shared field rules for request schemas. */
export const uuid = z.uuid({ message: 'must be a UUID' });
/** Ids that are not UUIDs in the interface (DPP ids, DPP file ids): safe key characters only. */
export const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, - or _');
export const name = z.string().trim().min(1, 'must not be empty').max(200);
export const description = z.string().trim().max(2000);
/** A multipart text field that may be sent empty: empty means "not given". */
export const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
