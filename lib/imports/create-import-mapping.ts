import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import * as keys from '../data/keys';
import { singleLineText } from '../schemas';
import type { MappingItem } from './model';
import { putMapping } from './repository';

const header = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(200, 'must be at most 200 characters'),
);
const fieldName = v.pipe(
  v.string(),
  v.regex(
    /^(?:[a-z_]+|[A-Za-z][A-Za-z0-9_-]*:\/.*)$/,
    'must be a field name (name, code, serial, …) or <Aspect>:<JSON pointer>',
  ),
);

export const createImportMappingInput = v.object({
  body: v.strictObject(
    {
      name: singleLineText(100),
      // Any number of columns (none: every header keeps its name); the body's 256 KiB bounds it.
      columns: v.record(header, fieldName),
    },
    'is not a field of an import mapping (name, columns)',
  ),
});

/** Saves a mapping from the company's own ERP headers to import field names, for `mapping_id` on an import. */
export async function createImportMapping(auth: Principal, { body }: v.InferOutput<typeof createImportMappingInput>) {
  const id = uuidv7();
  const item: MappingItem = {
    ...keys.importMapping(auth.companyId, id),
    type: keys.ItemType.ImportMapping,
    id,
    company_id: auth.companyId,
    name: body.name,
    columns: body.columns,
    created_at: new Date().toISOString(),
  };
  await putMapping(item);
  return { mapping: { mapping_id: id, name: item.name, columns: item.columns, created_at: item.created_at } };
}
