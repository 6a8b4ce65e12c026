/**
 * What one batch of rows does (the import worker, lib/imports/worker.ts): each row validated by
 * the same rules as `POST /dpps` (its messages, its column or field), checked against the rows
 * before it in the file (DUPLICATE_IN_FILE) and against the company's products, then created,
 * updated or left unchanged. A row never fails the file. Dry run: the same outcomes, no DPP written.
 *
 * The aspects hook: a row may carry `aspects` (JSONL) or `<Aspect>:<JSON pointer>` columns (CSV)
 * for a profiled passport. Until profiled passports land (lib/aspects), `applyAspects` below
 * fails such a row with ASPECTS_UNSUPPORTED; that one function is where they plug in (validate
 * each aspect's document against its profile, compute completeness, and add its items to the
 * row's transaction).
 */
import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { CompanyItem } from '../companies/model';
import { createDppInput } from '../dpps/create-dpp';
import { gtin14 } from '../dpps/fields';
import { searchIdOf, serialOf } from '../dpps/gtin';
import { type DppItem, toDppItem } from '../dpps/model';
import { putImportedDpp, putImportedDpps, readDpps, writeDppChanges } from '../dpps/repository';
import { issueMessage } from '../schemas';
import type { ImportItem, RowError } from './model';
import { type ProductItem, type RowOutcome, readProducts, toProductItem } from './repository';
import type { FileRow } from './rows';

/** A GS1 serial (AI 21): 1 to 20 of GS1's 82 characters. */
const serial = v.pipe(
  v.string(),
  v.regex(
    /^[A-Za-z0-9!"%&'()*+,\-./:;<=>?_]{1,20}$/,
    'must be a GS1 serial: 1 to 20 letters, digits or !"%&\'()*+,-./:;<=>?_',
  ),
);

const FIELDS =
  'name, description, type, code, model_id, template_id, language, commodity_code, facility_id, gtin, serial, aspects';
/** A row: a `POST /dpps` body, plus the product's `serial` and `gtin` (the code when no `code` is given). */
export const importRow = v.strictObject(
  {
    ...createDppInput.entries.body.entries,
    code: v.optional(gtin14),
    gtin: v.optional(gtin14),
    serial: v.optional(serial),
    aspects: v.optional(v.record(v.string(), v.unknown())),
  },
  `is not a column of an import row (${FIELDS})`,
);
export type ImportRow = v.InferOutput<typeof importRow>;

/** Aspect columns of a CSV row (`<Aspect>:<JSON pointer>`), gathered as `aspects`. */
function withAspects(fields: Record<string, unknown>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  const aspects: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(fields)) {
    const colon = key.indexOf(':');
    if (colon > 0 && key.slice(colon + 1).startsWith('/')) {
      const aspect = key.slice(0, colon);
      aspects[aspect] = { ...aspects[aspect], [key.slice(colon + 1)]: value };
    } else plain[key] = value;
  }
  return Object.keys(aspects).length > 0 ? { ...plain, aspects: { ...(plain.aspects as object), ...aspects } } : plain;
}

/** The hook for profiled passports (see the module's comment): the errors of a row's aspects. */
export function applyAspects(row: ImportRow): RowError[] {
  if (!row.aspects || Object.keys(row.aspects).length === 0) return [];
  return [
    { column: 'aspects', message: 'profiled passports (aspects) are not imported yet', code: 'ASPECTS_UNSUPPORTED' },
  ];
}

interface Valid {
  row: number;
  input: ImportRow & { code: string };
  productKey: string;
}

/** A row's fields by the rules of POST /dpps; errors name the column (CSV) or field path (JSONL). */
function validate(
  fields: Record<string, unknown>,
  imp: ImportItem,
): { input?: ImportRow & { code: string }; errors?: RowError[] } {
  const result = v.safeParse(importRow, {
    ...(imp.template_id !== undefined && { template_id: imp.template_id }),
    ...withAspects(fields),
  });
  if (!result.success) {
    return {
      errors: result.issues.map((issue) => {
        const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
        return { ...(path && { column: path }), message: issueMessage(issue), code: 'VALIDATION_ERROR' };
      }),
    };
  }
  const input = result.output;
  if (input.code !== undefined && input.gtin !== undefined && input.code !== input.gtin) {
    return {
      errors: [{ column: 'gtin', message: 'differs from code: a row names one product', code: 'VALIDATION_ERROR' }],
    };
  }
  const code = input.code ?? input.gtin;
  if (code === undefined) {
    return {
      errors: [
        { column: 'code', message: 'is required (or gtin): the GTIN-14 of the product', code: 'VALIDATION_ERROR' },
      ],
    };
  }
  const aspectErrors = applyAspects(input);
  if (aspectErrors.length > 0) return { errors: aspectErrors };
  return { input: { ...input, code } };
}

const productKeyOf = (code: string, serialNumber: string | undefined) => `${code}#${serialNumber ?? ''}`;

/** The product of a row as applyBatch counts it for DUPLICATE_IN_FILE (undefined: the row failed before). */
export function productKeyOfRow(row: FileRow, imp: ImportItem): string | undefined {
  if (row.errors || !row.fields) return undefined;
  const { input } = validate(row.fields, imp);
  return input && productKeyOf(input.code, input.serial);
}

/** The rows' outcomes, in row order. `seen`: the products of the rows before these in the file. */
export async function applyBatch(
  imp: ImportItem,
  company: CompanyItem | undefined,
  rows: readonly FileRow[],
  seen: Set<string>,
): Promise<RowOutcome[]> {
  const outcomes = new Map<number, RowOutcome>();
  const valid: Valid[] = [];
  for (const fileRow of rows) {
    if (fileRow.errors || !fileRow.fields) {
      outcomes.set(fileRow.row, { row: fileRow.row, status: 'failed', errors: fileRow.errors ?? [] });
      continue;
    }
    const { input, errors } = validate(fileRow.fields, imp);
    if (!input) {
      outcomes.set(fileRow.row, { row: fileRow.row, status: 'failed', errors });
      continue;
    }
    const productKey = productKeyOf(input.code, input.serial);
    if (seen.has(productKey)) {
      outcomes.set(fileRow.row, {
        row: fileRow.row,
        status: 'failed',
        errors: [
          {
            column: input.serial !== undefined ? 'serial' : 'code',
            message: 'names the same product as a row before it in this file',
            code: 'DUPLICATE_IN_FILE',
          },
        ],
      });
      continue;
    }
    seen.add(productKey);
    valid.push({ row: fileRow.row, input, productKey });
  }
  const products = await readProducts(
    imp.company_id,
    valid.map(({ input }) => ({ gtin: input.code, serial: input.serial })),
  );
  // The passports an upsert compares its rows with, in one read.
  const dpps =
    imp.mode === 'upsert'
      ? await readDpps(valid.flatMap((row) => products.get(row.productKey)?.dppId ?? []))
      : new Map<string, DppItem>();
  // New products first, in one transaction per up to 18 rows (3 items each, plus the shared checks):
  // the fast path. A chunk refused as a whole (a template, KYB, a product or link taken meanwhile)
  // falls back to one transaction per row, which says which row and why.
  const fresh = imp.dry_run ? [] : valid.filter((row) => !products.has(row.productKey));
  for (let i = 0; i < fresh.length; i += 18) {
    const chunk = fresh.slice(i, i + 18).map((row) => ({ row, ...newDpp(imp, company, row) }));
    if (await putImportedDpps(chunk)) {
      for (const { row, item } of chunk) outcomes.set(row.row, { row: row.row, status: 'created', dppId: item.id });
    }
  }
  await Promise.all(
    valid
      .filter((row) => !outcomes.has(row.row))
      .map(async (row) => {
        outcomes.set(row.row, await applyRow(imp, company, row, products.get(row.productKey), dpps));
      }),
  );
  return rows.map((row) => outcomes.get(row.row) as RowOutcome);
}

const duplicate = (row: Valid, dppId: string): RowError => ({
  column: row.input.serial !== undefined ? 'serial' : 'code',
  message: `names a product that already has a passport (${dppId})`,
  code: 'DUPLICATE',
});

async function applyRow(
  imp: ImportItem,
  company: CompanyItem | undefined,
  row: Valid,
  product: ProductItem | undefined,
  dpps: ReadonlyMap<string, DppItem>,
): Promise<RowOutcome> {
  if (product) {
    // This import's own row, written before a crash and read again on redelivery: it is this row's DPP.
    if (product.import_id === imp.id && product.row === row.row) {
      return { row: row.row, status: 'created', dppId: product.dppId };
    }
    if (imp.mode === 'create') return { row: row.row, status: 'failed', errors: [duplicate(row, product.dppId)] };
    return update(imp, row, product.dppId, dpps.get(product.dppId));
  }
  if (imp.dry_run) return { row: row.row, status: 'created' };
  return create(imp, company, row);
}

/** A row's new DPP and its product item. */
function newDpp(imp: ImportItem, company: CompanyItem | undefined, row: Valid) {
  const { input } = row;
  const id = uuidv7();
  const now = new Date().toISOString();
  const item = toDppItem({
    id,
    company_id: imp.company_id,
    model_id: input.model_id,
    ...(input.template_id !== undefined && { template_id: input.template_id }),
    code: input.code,
    search_id: searchIdOf(input.code, input.serial ?? serialOf(id)),
    name: input.name,
    description: input.description,
    dpp_type: input.type,
    language: input.language,
    ...(input.commodity_code !== undefined && { commodity_code: input.commodity_code }),
    ...(input.facility_id !== undefined && { facility_id: input.facility_id }),
    ...(company && { company_name: company.name, company_country: company.country_code }),
    published: false,
    created_at: now,
    updated_at: now,
  });
  const productItem = { ...toProductItem(imp.company_id, input.code, input.serial, id, imp.id, row.row) };
  return { item, productItem };
}

async function create(imp: ImportItem, company: CompanyItem | undefined, row: Valid): Promise<RowOutcome> {
  const { item, productItem } = newDpp(imp, company, row);
  const id = item.id;
  const outcome = await putImportedDpp(item, productItem);
  switch (outcome) {
    case 'written':
      return { row: row.row, status: 'created', dppId: id };
    case 'template_not_found':
      return {
        row: row.row,
        status: 'failed',
        errors: [{ column: 'template_id', message: 'is not a template of your company', code: 'TEMPLATE_NOT_FOUND' }],
      };
    case 'kyb_required':
      return {
        row: row.row,
        status: 'failed',
        errors: [{ message: 'creating a DPP needs the company’s KYB status VERIFIED', code: 'KYB_REQUIRED' }],
      };
    case 'product_exists':
      // Another worker or row took the product between the read and this write.
      return { row: row.row, status: 'failed', errors: [duplicate(row, 'written meanwhile')] };
    case 'link_taken':
      return {
        row: row.row,
        status: 'failed',
        errors: [{ column: 'serial', message: 'this GTIN and serial are another passport’s', code: 'DUPLICATE' }],
      };
  }
}

/** What a row would change on its product's DPP (only the fields the row has). */
function changesOf(dpp: DppItem, input: Valid['input']): Record<string, string> {
  const wanted: Record<string, string | undefined> = {
    name: input.name,
    description: input.description,
    dpp_type: input.type,
    language: input.language,
    template_id: input.template_id,
    commodity_code: input.commodity_code,
    facility_id: input.facility_id,
  };
  return Object.fromEntries(
    Object.entries(wanted).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && (dpp as unknown as Record<string, unknown>)[entry[0]] !== entry[1],
    ),
  );
}

async function update(imp: ImportItem, row: Valid, dppId: string, dpp: DppItem | undefined): Promise<RowOutcome> {
  if (dpp?.company_id !== imp.company_id) {
    return { row: row.row, status: 'failed', errors: [duplicate(row, dppId)] };
  }
  const changes = changesOf(dpp, row.input);
  if (Object.keys(changes).length === 0) return { row: row.row, status: 'unchanged', dppId };
  if (imp.dry_run) return { row: row.row, status: 'updated', dppId };
  const outcome = await writeDppChanges(dppId, imp.company_id, { ...changes, updated_at: new Date().toISOString() });
  if ('refused' in outcome) {
    return {
      row: row.row,
      status: 'failed',
      errors: [
        outcome.refused === 'template_not_found'
          ? { column: 'template_id', message: 'is not a template of your company', code: 'TEMPLATE_NOT_FOUND' }
          : { message: 'the product’s passport is gone', code: 'DPP_NOT_FOUND' },
      ],
    };
  }
  return { row: row.row, status: 'updated', dppId };
}
