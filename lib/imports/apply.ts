/**
 * What one batch of rows does (the import worker, lib/imports/worker.ts): each row validated by
 * the same rules as `POST /dpps` (its messages, its column or field), checked against the rows
 * before it in the file (DUPLICATE_IN_FILE) and against the company's products, then created,
 * updated or left unchanged. A row never fails the file. Dry run: the same outcomes, no DPP written.
 *
 * In `upsert` mode a row names only what it changes: only its product (`code` or `gtin`, and
 * `serial`) is required, and a row whose product has no passport yet must have what `POST /dpps`
 * requires (then its errors are those of a new passport).
 *
 * Profiled passports: a row may carry `aspects: {<aspect>: <document>}` (JSONL) or
 * `<Aspect>:<JSON pointer>` columns (CSV, XLSX). `applyAspects` checks them as the single
 * `PUT`/`PATCH /dpps/{dppId}/aspects/{aspect}` routes do (lib/dpp-aspects/write-aspect.ts: the
 * same checks and messages, each problem at its JSON pointer), a row's document merged into the
 * stored one (RFC 7396, as PATCH: a feed of a few attributes changes only those), and makes the
 * history entries of the dynamic attributes it changes, in the row's own write; every profiled
 * row's outcome has its completeness (a dry run's too). A new passport's profile and category
 * are the row's, else the import's, else its template's; an existing one keeps its own.
 */
import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { CompanyItem } from '../companies/model';
import { mergePatch } from '../dpp-aspects/merge-patch';
import { type AspectChangeItem, aspectNotFound, profileRequired } from '../dpp-aspects/model';
import { storeAspects } from '../dpp-aspects/repository';
import { aspectChangeItems, checkAspectWrite, sameJson } from '../dpp-aspects/write-aspect';
import { createDppInput, profileOf } from '../dpps/create-dpp';
import { gtin14 } from '../dpps/fields';
import { searchIdOf, serialOf } from '../dpps/gtin';
import { ceased } from '../dpps/lifecycle';
import { type DppItem, toDppItem } from '../dpps/model';
import {
  putImportedDpp,
  putImportedDpps,
  readDpps,
  readTemplateProfile,
  refreshDppLink,
  templateOfCompany,
  writeDppChanges,
} from '../dpps/repository';
import { DomainError } from '../errors';
import { MAX_ASPECT_CHANGES } from '../limits';
import { documentOfCells } from '../profiles/cells';
import { categoryProblem } from '../profiles/choice';
import { completenessOf } from '../profiles/completeness';
import type { Profile } from '../profiles/format';
import { packedProfileById } from '../profiles/packed-catalogue';
import { escaped } from '../profiles/pointer';
import { issueMessage } from '../schemas';
import type { ImportItem, RowCompleteness, RowError } from './model';
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
  'name, description, type, code, model_id, template_id, language, commodity_code, facility_id, profile, category, gtin, serial, aspects, <Aspect>:<JSON pointer>';
const rowEntries = {
  ...createDppInput.entries.body.entries,
  code: v.optional(gtin14),
  gtin: v.optional(gtin14),
  serial: v.optional(serial),
  aspects: v.optional(v.record(v.string(), v.unknown())),
};
const unknownField = `is not a column of an import row (${FIELDS})`;
/** A row: a `POST /dpps` body, plus the product's `serial` and `gtin` (the code when no `code` is given). */
export const importRow = v.strictObject(rowEntries, unknownField);
export type ImportRow = v.InferOutput<typeof importRow>;
/** A row of an upsert: every field optional (the product's passport keeps what the row leaves out). */
const upsertRow = v.strictObject(
  Object.fromEntries(Object.entries(rowEntries).map(([name, schema]) => [name, v.optional(schema)])) as {
    [K in keyof typeof rowEntries]: v.OptionalSchema<(typeof rowEntries)[K], undefined>;
  },
  unknownField,
);
type RowInput = Partial<ImportRow> & { code: string };

/** Aspect columns of a CSV row (`<Aspect>:<JSON pointer>`), apart: per aspect, its cells by pointer. */
function withCells(fields: Record<string, unknown>): {
  plain: Record<string, unknown>;
  cells?: Record<string, Record<string, unknown>>;
} {
  const plain: Record<string, unknown> = {};
  let cells: Record<string, Record<string, unknown>> | undefined;
  for (const [key, value] of Object.entries(fields)) {
    const colon = key.indexOf(':');
    if (colon > 0 && key.slice(colon + 1).startsWith('/')) {
      const aspect = key.slice(0, colon);
      cells ??= {};
      cells[aspect] = { ...cells[aspect], [key.slice(colon + 1)]: value };
    } else plain[key] = value;
  }
  return { plain, ...(cells && { cells }) };
}

interface Valid {
  row: number;
  input: RowInput;
  /** The row's fields but its aspect columns (a new product's upsert row is parsed again, whole). */
  plain: Record<string, unknown>;
  cells?: Record<string, Record<string, unknown>>;
  productKey: string;
}

const issuesOf = (issues: v.BaseIssue<unknown>[]): RowError[] =>
  issues.map((issue) => {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    return { ...(path && { column: path }), message: issueMessage(issue), code: 'VALIDATION_ERROR' };
  });

/** A row's fields by the rules of POST /dpps (all optional in upsert mode); errors name the column (CSV) or field path (JSONL). */
function validate(
  fields: Record<string, unknown>,
  imp: ImportItem,
): { input?: RowInput; plain?: Record<string, unknown>; cells?: Valid['cells']; errors?: RowError[] } {
  const { plain, cells } = withCells(fields);
  const result = v.safeParse(imp.mode === 'upsert' ? upsertRow : importRow, {
    ...(imp.template_id !== undefined && { template_id: imp.template_id }),
    ...plain,
  });
  if (!result.success) return { errors: issuesOf(result.issues) };
  const input = result.output as Partial<ImportRow>;
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
  if (input.profile !== undefined || input.category !== undefined) {
    const problem = categoryProblem(input.profile, input.category);
    if (problem) return { errors: [{ column: 'category', message: problem, code: 'VALIDATION_ERROR' }] };
  }
  return { input: { ...input, code }, plain, ...(cells && { cells }) };
}

const productKeyOf = (code: string, serialNumber: string | undefined) => `${code}#${serialNumber ?? ''}`;

/**
 * A string of its own: a substring of 13 characters or more may be a slice that keeps the whole
 * text it was cut from (a chunk of the file) alive as long as it lives.
 */
const own = (text: string): string => (text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8'));

/**
 * The products of the rows before in the file (for DUPLICATE_IN_FILE): the one thing a run
 * keeps that grows with the file. Serials by GTIN, each a string of its own, rather than a
 * set of `<gtin>#<serial>` keys: about 64 bytes a row of V8's heap instead of 160 (6 MiB at
 * 100,000 rows, 80 MiB at the 1.3 million short rows a 200 MB file holds at most).
 */
export class ProductsSeen {
  private readonly serials = new Map<string, Set<string>>();

  has(code: string, serialNumber: string | undefined): boolean {
    return this.serials.get(code)?.has(serialNumber ?? '') ?? false;
  }

  add(code: string, serialNumber: string | undefined): void {
    let serials = this.serials.get(code);
    if (!serials) {
      serials = new Set();
      this.serials.set(own(code), serials);
    }
    serials.add(own(serialNumber ?? ''));
  }
}

/** Remembers a row's product as applyBatch counts it for DUPLICATE_IN_FILE (none: the row failed before). */
export function rememberProductOfRow(row: FileRow, imp: ImportItem, seen: ProductsSeen): void {
  if (row.errors || !row.fields) return;
  const { input } = validate(row.fields, imp);
  if (input) seen.add(input.code, input.serial);
}

/** What a row writes of a profiled passport: its aspects' documents, the history entries, its completeness. */
interface Profiled {
  profile: Profile;
  category?: string;
  /** The documents the row changes (checked whole, merged with the stored ones). */
  documents: Record<string, Record<string, unknown>>;
  changes: AspectChangeItem[];
  completeness?: RowCompleteness;
}

/** Where an aspect's problem is: its column (CSV, XLSX) or its JSON pointer in the row (JSONL). */
const placeOf = (imp: ImportItem, aspect: string, pointer: string): Pick<RowError, 'column' | 'path'> =>
  imp.format === 'jsonl' ? { path: `/aspects/${escaped(aspect)}${pointer}` } : { column: `${aspect}:${pointer}` };

/** A domain error of an aspect write as a row's errors (the route's `details`, each at its place). */
function aspectErrors(imp: ImportItem, aspect: string, error: DomainError): RowError[] {
  if (error.code === 'INVALID_ASPECT' && error.details?.length)
    return error.details.map((detail) => ({
      ...placeOf(imp, aspect, detail.path ?? ''),
      message: detail.message,
      code: error.code,
    }));
  if (error.code === 'INCOMPLETE' && error.details?.length)
    return error.details.map((detail) => {
      // `/<aspect><pointer>` in the aspects.
      const [, of = aspect, ...rest] = (detail.path ?? '').split('/');
      return {
        ...placeOf(imp, of, rest.length ? `/${rest.join('/')}` : ''),
        message: detail.message,
        code: error.code,
      };
    });
  return [{ ...placeOf(imp, aspect, ''), message: error.message, code: error.code }];
}

/**
 * The hook for profiled passports (see the module's comment): a row's aspects checked against
 * the passport (`dpp`: the stored one, or the new one being made), as the single aspect routes
 * check them. Errors, or what to write; undefined for a row of a passport without a profile that
 * names no aspect.
 */
export function applyAspects(
  imp: ImportItem,
  row: Valid,
  dpp: Pick<DppItem, 'id' | 'company_id' | 'profile' | 'category' | 'aspects' | 'aspects_revision' | 'published'> &
    Partial<Pick<DppItem, 'ceased_at'>>,
  at: string,
): { errors: RowError[] } | Profiled | undefined {
  const named: Record<string, unknown> = { ...row.input.aspects, ...row.cells };
  const names = Object.keys(named);
  const profile = dpp.profile === undefined ? undefined : packedProfileById(dpp.profile);
  if (!profile) {
    if (names.length === 0) return undefined;
    const error = profileRequired();
    return {
      errors: [
        {
          ...(imp.format === 'jsonl' ? { path: '/aspects' } : { column: `${names[0]}:` }),
          message: `${error.message}; name one on the import or the row`,
          code: error.code,
        },
      ],
    };
  }
  if (names.length > 0 && dpp.ceased_at !== undefined) {
    const error = ceased();
    return { errors: [{ message: error.message, code: error.code }] };
  }
  const errors: RowError[] = [];
  const documents: Record<string, Record<string, unknown>> = {};
  const changes: AspectChangeItem[] = [];
  let aspects = dpp.aspects;
  const revision = (dpp.aspects_revision ?? 0) + 1;
  for (const name of names) {
    const aspect = profile.aspects.find((candidate) => candidate.id === name);
    if (!aspect) {
      errors.push({ ...placeOf(imp, name, ''), message: aspectNotFound(profile).message, code: 'ASPECT_NOT_FOUND' });
      continue;
    }
    const given = named[name];
    if (typeof given !== 'object' || given === null || Array.isArray(given)) {
      errors.push({
        ...placeOf(imp, name, ''),
        message: 'must be an object: the aspect’s document',
        code: 'INVALID_ASPECT',
      });
      continue;
    }
    const patch = row.cells?.[name] ? documentOfCells(aspect, row.cells[name] as Record<string, unknown>) : given;
    const stored = dpp.aspects?.[name];
    try {
      const checked = checkAspectWrite(profile, dpp, aspect, mergePatch(stored ?? {}, patch), aspects);
      aspects = checked.aspects;
      if (stored !== undefined && sameJson(stored, checked.document)) continue;
      documents[name] = checked.document;
      changes.push(
        ...aspectChangeItems(dpp, aspect, stored, checked.document, {
          revision,
          at,
          by: imp.created_by ?? `import:${imp.id}`,
          first: changes.length,
        }),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      errors.push(...aspectErrors(imp, name, error));
    }
  }
  if (errors.length === 0 && changes.length > MAX_ASPECT_CHANGES)
    errors.push({
      message: `changes ${changes.length} dynamic attributes at once; a write records at most ${MAX_ASPECT_CHANGES}`,
      code: 'TOO_MANY_CHANGES',
    });
  if (errors.length > 0) return { errors };
  const completeness = dpp.category === undefined ? undefined : completenessOf(profile, dpp.category, aspects);
  return {
    profile,
    ...(dpp.category !== undefined && { category: dpp.category }),
    documents,
    changes,
    ...(completeness && {
      completeness: {
        complete: completeness.complete,
        mandatory: completeness.mandatory,
        present: completeness.present,
        missing: completeness.missing.map((missing) => `/${missing.aspect}${missing.path}`),
      },
    }),
  };
}

/** Legs of a transaction, at most. */
const MAX_LEGS = 100;
/** Bytes of a transaction's items, at most (DynamoDB's 4 MB, with room for the names and conditions). */
const MAX_TRANSACTION_BYTES = 3_500_000;

/** The rows' outcomes, in row order. `seen`: the products of the rows before these in the file. */
export async function applyBatch(
  imp: ImportItem,
  company: CompanyItem | undefined,
  rows: readonly FileRow[],
  seen: ProductsSeen,
): Promise<RowOutcome[]> {
  const outcomes = new Map<number, RowOutcome>();
  const valid: Valid[] = [];
  for (const fileRow of rows) {
    if (fileRow.errors || !fileRow.fields) {
      outcomes.set(fileRow.row, { row: fileRow.row, status: 'failed', errors: fileRow.errors ?? [] });
      continue;
    }
    const { input, plain, cells, errors } = validate(fileRow.fields, imp);
    if (!input || !plain) {
      outcomes.set(fileRow.row, { row: fileRow.row, status: 'failed', errors });
      continue;
    }
    const productKey = productKeyOf(input.code, input.serial);
    if (seen.has(input.code, input.serial)) {
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
    // A product is the file's once its row names it validly, whatever its aspects: a later row for it is DUPLICATE_IN_FILE.
    seen.add(input.code, input.serial);
    valid.push({ row: fileRow.row, input, plain, ...(cells && { cells }), productKey });
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
  const templates = await templateProfiles(
    imp,
    valid.filter((row) => !products.has(row.productKey)),
  );
  // New products: each made (and checked) first, then written in one transaction per up to 100
  // legs: the fast path. A chunk refused as a whole (a template, KYB, a product or link taken
  // meanwhile) falls back to one transaction per row, which says which row and why.
  const fresh: NewDpp[] = [];
  for (const row of valid) {
    if (products.has(row.productKey)) continue;
    const made = newDpp(imp, company, row, templates);
    if ('errors' in made) outcomes.set(row.row, { row: row.row, status: 'failed', errors: made.errors });
    else if (imp.dry_run) outcomes.set(row.row, { row: row.row, status: 'created', ...completenessOf_(made) });
    else fresh.push(made);
  }
  for (const chunk of chunks(fresh)) {
    if (await putImportedDpps(chunk)) {
      for (const made of chunk)
        outcomes.set(made.row.row, {
          row: made.row.row,
          status: 'created',
          dppId: made.item.id,
          ...completenessOf_(made),
        });
    }
  }
  const byRow = new Map(fresh.map((made) => [made.row.row, made]));
  await Promise.all(
    valid
      .filter((row) => !outcomes.has(row.row))
      .map(async (row) => {
        outcomes.set(row.row, await applyRow(imp, row, products.get(row.productKey), dpps, byRow.get(row.row)));
      }),
  );
  return rows.map((row) => outcomes.get(row.row) as RowOutcome);
}

const completenessOf_ = (made: { completeness?: RowCompleteness }) =>
  made.completeness ? { completeness: made.completeness } : {};

/** The new DPPs in transactions of at most MAX_LEGS legs and MAX_TRANSACTION_BYTES (the KYB check shared, a template's too). */
function* chunks(fresh: readonly NewDpp[]): Generator<NewDpp[]> {
  let chunk: NewDpp[] = [];
  let legs = 1;
  let bytes = 0;
  const templates = new Set<string>();
  for (const made of fresh) {
    const template = made.item.template_id;
    const rowLegs = 3 + made.extra.length + (template !== undefined && !templates.has(template) ? 1 : 0);
    if (chunk.length > 0 && (legs + rowLegs > MAX_LEGS || bytes + made.bytes > MAX_TRANSACTION_BYTES)) {
      yield chunk;
      chunk = [];
      legs = 1;
      bytes = 0;
      templates.clear();
    }
    chunk.push(made);
    legs += 3 + made.extra.length + (template !== undefined && !templates.has(template) ? 1 : 0);
    if (template !== undefined) templates.add(template);
    bytes += made.bytes;
  }
  if (chunk.length > 0) yield chunk;
}

/** The profiles of the templates new rows name (a template of another company or none: no profile, its write refuses it). */
async function templateProfiles(imp: ImportItem, rows: readonly Valid[]) {
  const ids = [...new Set(rows.flatMap((row) => row.input.template_id ?? []))];
  const found = new Map<string, { profile?: string; category?: string }>();
  await Promise.all(
    ids.map(async (id) => {
      const template = await readTemplateProfile(id);
      if (template?.company_id === imp.company_id) found.set(id, template);
    }),
  );
  return found;
}

const duplicate = (row: Valid, dppId: string): RowError => ({
  column: row.input.serial !== undefined ? 'serial' : 'code',
  message: `names a product that already has a passport (${dppId})`,
  code: 'DUPLICATE',
});

async function applyRow(
  imp: ImportItem,
  row: Valid,
  product: ProductItem | undefined,
  dpps: ReadonlyMap<string, DppItem>,
  made: NewDpp | undefined,
): Promise<RowOutcome> {
  if (product) {
    // This import's own row, written before a crash and read again on redelivery: it is this row's DPP.
    if (product.import_id === imp.id && product.row === row.row) {
      return { row: row.row, status: 'created', dppId: product.dppId };
    }
    if (imp.mode === 'create') return { row: row.row, status: 'failed', errors: [duplicate(row, product.dppId)] };
    return update(imp, row, product.dppId, dpps.get(product.dppId));
  }
  if (!made) throw new Error(`import ${imp.id}: row ${row.row} has no new passport`);
  return create(made);
}

interface NewDpp {
  row: Valid;
  item: DppItem;
  productItem: Record<string, unknown>;
  /** The history entries of the dynamic attributes its aspects set. */
  extra: Record<string, unknown>[];
  bytes: number;
  completeness?: RowCompleteness;
}

/** A row's new DPP, its product item and its aspects' history entries, or why the row cannot make one. */
function newDpp(
  imp: ImportItem,
  company: CompanyItem | undefined,
  row: Valid,
  templates: ReadonlyMap<string, { profile?: string; category?: string }>,
): NewDpp | { errors: RowError[] } {
  let input = row.input as ImportRow & { code: string };
  if (imp.mode === 'upsert') {
    // A new passport needs what POST /dpps needs: the row again, by its rules.
    const whole = v.safeParse(importRow, {
      ...(imp.template_id !== undefined && { template_id: imp.template_id }),
      ...row.plain,
    });
    if (!whole.success) return { errors: issuesOf(whole.issues) };
    input = { ...whole.output, code: row.input.code };
  }
  let profiled: { profile: string; category: string } | undefined;
  try {
    const chosen =
      input.profile !== undefined
        ? input
        : imp.profile !== undefined
          ? { profile: imp.profile, category: imp.category }
          : {};
    profiled = profileOf(chosen, input.template_id === undefined ? undefined : templates.get(input.template_id));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      errors: (error.details ?? [{ path: 'profile', message: error.message }]).map((detail) => ({
        column: detail.path ?? 'profile',
        message: detail.message,
        code: error.code,
      })),
    };
  }
  const id = uuidv7();
  const now = new Date().toISOString();
  const base = { id, company_id: imp.company_id, ...profiled, published: false };
  const aspects = applyAspects(imp, row, base, now);
  if (aspects && 'errors' in aspects) return aspects;
  const written = aspects && Object.keys(aspects.documents).length > 0;
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
    ...(profiled && { ...profiled, aspects: aspects?.documents ?? {} }),
    ...(written && { aspects_revision: 1 }),
    published: false,
    created_at: now,
    updated_at: now,
  });
  const productItem = { ...toProductItem(imp.company_id, input.code, input.serial, id, imp.id, row.row) };
  const extra = (aspects?.changes ?? []).map((change) => ({ ...change }));
  return {
    row,
    item,
    productItem,
    extra,
    bytes: JSON.stringify(item).length + JSON.stringify(extra).length + 1024,
    ...(aspects?.completeness && { completeness: aspects.completeness }),
  };
}

async function create(made: NewDpp): Promise<RowOutcome> {
  const { row, item } = made;
  const outcome = await putImportedDpp(item, made.productItem, made.extra);
  switch (outcome) {
    case 'written':
      return { row: row.row, status: 'created', dppId: item.id, ...completenessOf_(made) };
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
function changesOf(dpp: DppItem, input: RowInput): Record<string, string> {
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

const templateNotFound: RowError = {
  column: 'template_id',
  message: 'is not a template of your company',
  code: 'TEMPLATE_NOT_FOUND',
};

async function update(imp: ImportItem, row: Valid, dppId: string, dpp: DppItem | undefined): Promise<RowOutcome> {
  if (dpp?.company_id !== imp.company_id) {
    return { row: row.row, status: 'failed', errors: [duplicate(row, dppId)] };
  }
  if (
    (row.input.profile !== undefined && row.input.profile !== dpp.profile) ||
    (row.input.category !== undefined && row.input.category !== dpp.category)
  ) {
    return {
      row: row.row,
      status: 'failed',
      errors: [
        {
          column: row.input.profile !== dpp.profile ? 'profile' : 'category',
          message: `is not the passport’s (profile ${dpp.profile ?? 'none'}, category ${dpp.category ?? 'none'}): a passport keeps its profile`,
          code: 'PROFILE_MISMATCH',
        },
      ],
    };
  }
  const at = new Date().toISOString();
  const aspects = applyAspects(imp, row, dpp, at);
  if (aspects && 'errors' in aspects) return { row: row.row, status: 'failed', dppId, errors: aspects.errors };
  const completeness = completenessOf_(aspects ?? {});
  const changes = changesOf(dpp, row.input);
  const documents = aspects?.documents ?? {};
  if (Object.keys(changes).length === 0 && Object.keys(documents).length === 0)
    return { row: row.row, status: 'unchanged', dppId, ...completeness };
  if (imp.dry_run) return { row: row.row, status: 'updated', dppId, ...completeness };
  if (Object.keys(documents).length === 0) {
    const outcome = await writeDppChanges(dppId, imp.company_id, { ...changes, updated_at: at });
    if ('refused' in outcome) {
      return {
        row: row.row,
        status: 'failed',
        errors: [
          outcome.refused === 'template_not_found'
            ? templateNotFound
            : { message: 'the product’s passport is gone', code: 'DPP_NOT_FOUND' },
        ],
      };
    }
    return { row: row.row, status: 'updated', dppId, ...completeness };
  }
  // Its aspects (and fields) in one write, with the history of the dynamic attributes it changes, as PATCH does.
  const failed = await storeAspects({
    dpp,
    documents,
    changes: aspects?.changes ?? [],
    at,
    fields: changes,
    checks: changes.template_id !== undefined ? [templateOfCompany(changes.template_id, imp.company_id)] : [],
  });
  if (failed.includes(1)) return { row: row.row, status: 'failed', errors: [templateNotFound] };
  if (failed.length > 0)
    return {
      row: row.row,
      status: 'failed',
      errors: [
        {
          message: 'the passport was changed by another request meanwhile; import the row again',
          code: 'CONCURRENT_CHANGE',
        },
      ],
    };
  if (Object.keys(changes).length > 0) await refreshDppLink({ ...dpp, ...changes, updated_at: at } as DppItem);
  return { row: row.row, status: 'updated', dppId, ...completeness };
}
