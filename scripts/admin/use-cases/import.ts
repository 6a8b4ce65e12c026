import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import * as v from 'valibot';
import type { Item, TransactionItem } from '../../../lib/aws/dynamodb';
import { toApiKeyItems } from '../../../lib/companies/api-keys/model';
import { type CompanyItem, toCompanyItem, toMemberItems, toPartnerItems } from '../../../lib/companies/model';
import { add, itemExists, update } from '../../../lib/data/expressions';
import * as keys from '../../../lib/data/keys';
import { ItemType, type Key } from '../../../lib/data/keys';
import { manufacturerOf, toDppLinkItem } from '../../../lib/dpps/link';
import { toDppCardItem, toDppFileItem, toDppImageItem, toDppItem, toDppTranslationItem } from '../../../lib/dpps/model';
import { sourceUnitsOf } from '../../../lib/dpps/translations';
import { DomainError } from '../../../lib/errors';
import type { FileContent } from '../../../lib/files/model';
import { objectKeys } from '../../../lib/files/object-keys';
import { putObject } from '../../../lib/files/storage';
import { DEFAULT_MEMBER_LIMIT, MAX_TRANSLATION_ITEM_BYTES } from '../../../lib/limits';
import { toFormerOperatorItem, toOperatorItem } from '../../../lib/operators/model';
import { toTemplateFileItem, toTemplateItem } from '../../../lib/templates/model';
import { type Fixture, FixtureProblem, type FixtureReader, fixtureReader } from './fixtures';
import {
  type CompanyRecord,
  companyRecord,
  dppRecord,
  firstIssue,
  importDocument,
  operatorRecord,
  partnershipRecord,
  templateRecord,
  uuidV7Time,
} from './import-format';
import { type PlannedItem, planRecord, type RecordPlan } from './plan';
import { keyString, readCollection, readItem, readItems, writeTransactions } from './repository';

/**
 * `npm run admin -- import <file.json>` (and the local seed): loads companies with their
 * users, API keys, templates (with files) and DPPs (with images, files, cards and
 * translations), partnerships and non-official operators, from the import format
 * (scripts/admin/use-cases/import-format.ts; infra/local/demo-data.json is one).
 *
 * - Idempotent: ids and object keys come from the document, and each record writes only the
 *   items it does not find (one BatchGetItem or one Query, then one transaction of Puts
 *   conditioned on `attribute_not_exists`). Running it twice creates nothing twice.
 * - One record at a time, in the document's order (a company, its templates, its DPPs; then
 *   partnerships and operators): each is validated whole (fields, fixtures, what the table
 *   holds) before anything of it is written, so the first invalid record stops the import
 *   with its path and reason, nothing of it written and the records before it kept.
 * - Bytes before items: a record's missing files are uploaded before its transaction, to
 *   the same keys every time, so a re-run after a failure overwrites identical bytes.
 */

export type RecordKind = 'company' | 'template' | 'dpp' | 'partnership' | 'operator';
/** All of the record's items written; none (all there already); or the missing ones of a record partly there. */
export type RecordOutcome = 'created' | 'present' | 'completed';

export interface ImportProgress {
  /** Records done so far (this one included), of `total`. */
  done: number;
  total: number;
  kind: RecordKind;
  id: string;
  /** Where the record is in the document, e.g. `companies[0].dpps[2]`. */
  path: string;
  outcome: RecordOutcome;
  /** Items written, and items found already there. */
  written: number;
  present: number;
  /** Transactions used: more than one only for a record of more than 100 items (or 4 MB). */
  transactions: number;
}

export interface ImportOptions {
  /** The folder of the document: `fixture` paths are relative to it. */
  baseDir: string;
  /** The document's name in error messages (its file). */
  source?: string;
  /**
   * The time of records whose document gives none and whose id is not a UUIDv7 (a partnership,
   * an API key): by default the time of the import.
   */
  now?: string;
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportSummary {
  total: number;
  created: number;
  present: number;
  completed: number;
  /** Items written in all. */
  items: number;
}

/**
 * A record that cannot be imported: the document, where in it, and why. Unprocessable, not
 * invalid: the command's arguments were right, the document's content is not (exit 1 in the CLI).
 */
export class InvalidRecordError extends DomainError {
  constructor(
    readonly source: string,
    readonly path: string,
    readonly reason: string,
  ) {
    super('unprocessable', 'INVALID_RECORD', `${source}: ${path}: ${reason}`, [{ path, message: reason }]);
  }
}

/** How often a record is read and written again when its transaction met a concurrent write. */
const ATTEMPTS = 3;

interface Context {
  source: string;
  now: string;
  fixtures: FixtureReader;
  /** Companies validated so far, by their index in the document. */
  companies: Map<number, CompanyRecord>;
  /** Members each company gains from the document's operators (for the member limit). */
  operatorMembers: Map<string, number>;
}

/** A record of the document: where it is, and for a company's own records, which company (its index). */
type RecordRef =
  | { kind: 'company' | 'template' | 'dpp'; path: string; raw: unknown; company: number }
  | { kind: 'partnership' | 'operator'; path: string; raw: unknown };

interface RecordResult {
  id: string;
  plan: RecordPlan;
}

export async function importData(document: unknown, options: ImportOptions): Promise<ImportSummary> {
  const source = options.source ?? 'the document';
  const parsed = v.safeParse(importDocument, document);
  if (!parsed.success) {
    const issue = firstIssue(parsed.issues);
    throw new InvalidRecordError(source, issue.path.replace(/^\./, '') || '(document)', issue.message);
  }
  const records = walk(parsed.output);
  const ctx: Context = {
    source,
    now: options.now ?? new Date().toISOString(),
    fixtures: fixtureReader(options.baseDir),
    companies: new Map(),
    operatorMembers: countOperatorMembers(parsed.output.operators),
  };

  const summary: ImportSummary = { total: records.length, created: 0, present: 0, completed: 0, items: 0 };
  for (const [n, record] of records.entries()) {
    const { id, plan } = await importRecord(record, ctx);
    const outcome: RecordOutcome = plan.written === 0 ? 'present' : plan.present === 0 ? 'created' : 'completed';
    summary[outcome]++;
    summary.items += plan.written;
    options.onProgress?.({
      done: n + 1,
      total: records.length,
      kind: record.kind,
      id,
      path: record.path,
      outcome,
      written: plan.written,
      present: plan.present,
      transactions: plan.transactions.length,
    });
  }
  return summary;
}

/** One progress line: `[12/40] dpp <id> created`. */
export function describeProgress(p: ImportProgress): string {
  const head = `[${p.done}/${p.total}] ${p.kind} ${p.id}`;
  const split = p.transactions > 1 ? ` (${p.written} items in ${p.transactions} transactions)` : '';
  if (p.outcome === 'present') return `${head} already present`;
  if (p.outcome === 'created') return `${head} created${split}`;
  return `${head} completed: ${p.written} missing items written, ${p.present} already present${split}`;
}

/** The records in the order they are imported: each company, its templates, its DPPs; then partnerships, operators. */
function walk(document: v.InferOutput<typeof importDocument>): RecordRef[] {
  const records: RecordRef[] = [];
  document.companies.forEach((company, i) => {
    const path = `companies[${i}]`;
    records.push({ kind: 'company', path, raw: company, company: i });
    company.templates.forEach((raw, j) => {
      records.push({ kind: 'template', path: `${path}.templates[${j}]`, raw, company: i });
    });
    company.dpps.forEach((raw, j) => {
      records.push({ kind: 'dpp', path: `${path}.dpps[${j}]`, raw, company: i });
    });
  });
  document.partnerships.forEach((raw, i) => {
    records.push({ kind: 'partnership', path: `partnerships[${i}]`, raw });
  });
  document.operators.forEach((raw, i) => {
    records.push({ kind: 'operator', path: `operators[${i}]`, raw });
  });
  return records;
}

function countOperatorMembers(operators: readonly unknown[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const operator of operators) {
    const o = operator as { company?: unknown; member?: unknown } | null;
    if (typeof o?.company === 'string' && o.member) counts.set(o.company, (counts.get(o.company) ?? 0) + 1);
  }
  return counts;
}

async function importRecord(record: RecordRef, ctx: Context): Promise<RecordResult> {
  const fail = (path: string, reason: string) => new InvalidRecordError(ctx.source, path, reason);
  const parse = <S extends v.GenericSchema>(schema: S): v.InferOutput<S> => {
    const result = v.safeParse(schema, record.raw);
    if (result.success) return result.output;
    const issue = firstIssue(result.issues);
    throw fail(`${record.path}${issue.path}`, issue.message);
  };
  const fixture = async (path: string, read: (p: string) => Promise<Fixture>, value: string) => {
    try {
      return await read(value);
    } catch (error) {
      if (error instanceof FixtureProblem) throw fail(path, error.message);
      throw error;
    }
  };
  const helpers: RecordHelpers = { ctx, path: record.path, fail, fixture };

  for (let attempt = 1; ; attempt++) {
    const prepared = await prepare(record, parse, helpers);
    if (await writeRecord(prepared.plan)) return prepared;
    if (attempt === ATTEMPTS) {
      throw new Error(`${ctx.source}: ${record.path}: the table kept changing under the import; run it again`);
    }
  }
}

interface RecordHelpers {
  ctx: Context;
  path: string;
  fail: (path: string, reason: string) => InvalidRecordError;
  fixture: (path: string, read: (p: string) => Promise<Fixture>, value: string) => Promise<Fixture>;
}

function prepare(
  record: RecordRef,
  parse: <S extends v.GenericSchema>(schema: S) => v.InferOutput<S>,
  h: RecordHelpers,
): Promise<RecordResult> {
  switch (record.kind) {
    case 'company':
      return prepareCompany(parse(companyRecord), record.company, h);
    case 'template':
      return prepareTemplate(parse(templateRecord), companyOf(h.ctx, record.company), h);
    case 'dpp':
      return prepareDpp(parse(dppRecord), companyOf(h.ctx, record.company), h);
    case 'partnership':
      return preparePartnership(parse(partnershipRecord), h);
    case 'operator':
      return prepareOperator(parse(operatorRecord), h);
  }
}

/** The company a template or DPP belongs to: its record comes first in the walk, so it was validated. */
function companyOf(ctx: Context, index: number): CompanyRecord {
  const company = ctx.companies.get(index);
  if (!company) throw new Error(`companies[${index}] was not imported before its templates and DPPs`);
  return company;
}

/** Bytes first, then the items: an item is never written before the object it points at. */
async function writeRecord(plan: RecordPlan): Promise<boolean> {
  await Promise.all(
    plan.objects.map(({ key, fixture }) =>
      putObject(key, { ...fixture, size: fixture.bytes.length, filename: basename(key) }),
    ),
  );
  return writeTransactions(plan.transactions);
}

/** A record's time: the document's, else its UUIDv7 id's, else the import's. */
const timeOf = (ctx: Context, id: string, given?: string): string => given ?? uuidV7Time(id) ?? ctx.now;

/**
 * The upload id (in the object key) of an imported file with no `upload_id`: a UUID made from
 * the file's id, so every import of the document writes the same key.
 */
export function derivedUploadId(fileId: string): string {
  const h = createHash('sha256').update(`upload:${fileId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const plain = (item: object) => item as Item & Key;
const has = (existing: ReadonlyMap<string, Item>, key: Key) => existing.get(keyString(key));

/** A wallet of `userId` in `companyId`, or free: anything else is refused. */
function checkMember(
  existing: ReadonlyMap<string, Item>,
  member: { id: string; companyId: string; wallet: string; email: string },
  at: { wallet: string; email: string },
  h: RecordHelpers,
) {
  const wallet = has(existing, keys.wallet(member.wallet));
  if (wallet && (wallet.user_id !== member.id || wallet.company_id !== member.companyId)) {
    throw h.fail(
      at.wallet,
      `${member.wallet} is already the wallet of user ${String(wallet.user_id)} of company ${String(wallet.company_id)}`,
    );
  }
  const claim = has(existing, keys.emailClaim(member.companyId, member.email));
  if (claim && claim.user_id !== member.id) {
    throw h.fail(at.email, `${member.email} is already taken in this company by another member or an invitation`);
  }
}

async function prepareCompany(c: CompanyRecord, index: number, h: RecordHelpers): Promise<RecordResult> {
  const { ctx, path } = h;
  const members = c.users.map((user) =>
    toMemberItems({
      id: user.id,
      company_id: c.id,
      email: user.email,
      wallet: user.wallet,
      role: user.role,
      created_at: timeOf(ctx, user.id, user.created_at),
    }),
  );
  const apiKeys = (createdAt: (apiKey: CompanyRecord['apiKeys'][number], k: number) => string) =>
    c.apiKeys.map((apiKey, k) =>
      toApiKeyItems(apiKey.key, {
        company_id: c.id,
        ...(apiKey.name !== undefined && { name: apiKey.name }),
        enabled: apiKey.enabled,
        created_at: createdAt(apiKey, k),
      }),
    );
  const company = toCompanyItem({
    id: c.id,
    name: c.name,
    country_code: c.country_code,
    ...(c.economic_operator_id !== undefined && { economic_operator_id: c.economic_operator_id }),
    created_at: timeOf(ctx, c.id, c.created_at),
    ...(c.member_limit !== undefined && { member_limit: c.member_limit }),
    seats_used: c.users.length,
  });
  const memberItems = members.flatMap((m) => [m.user, m.wallet, m.emailClaim]);
  const keyItems = apiKeys((apiKey) => apiKey.created_at ?? ctx.now);
  const existing = await readItems([...memberItems, ...keyItems.map((k) => k.apiKey), company]);
  c.users.forEach((user, k) => {
    const at = `${path}.users[${k}]`;
    const member = { id: user.id, companyId: c.id, wallet: user.wallet, email: user.email };
    checkMember(existing, member, { wallet: `${at}.wallet`, email: `${at}.email` }, h);
  });
  const storedKeys = keyItems.map(({ apiKey }, k) => {
    const stored = has(existing, apiKey);
    if (stored && stored.company_id !== c.id)
      throw h.fail(`${path}.apiKeys[${k}].key`, 'is already a key of another company');
    return stored;
  });
  // A stored key keeps its id (made from its hash and creation time): its id item, written with it, is there too.
  const keyPairs = apiKeys(
    (apiKey, k) => (storedKeys[k]?.created_at as string | undefined) ?? apiKey.created_at ?? ctx.now,
  );
  const items: PlannedItem[] = [
    ...memberItems,
    ...keyPairs.flatMap(({ apiKey, pointer }, k) => (storedKeys[k] ? [apiKey] : [pointer, apiKey])),
    company,
  ].map((item) => ({ item: plain(item) }));
  const newMembers = members.filter((m) => !has(existing, m.user)).length;
  const stored = has(existing, company) as CompanyItem | undefined;
  const extra: TransactionItem[] = [];
  if (stored) {
    const limit = stored.member_limit ?? DEFAULT_MEMBER_LIMIT;
    if (newMembers > 0 && (stored.seats_used ?? 0) + newMembers > limit) {
      throw h.fail(
        `${path}.users`,
        `${newMembers} new members would exceed the company's member limit of ${limit} (${stored.seats_used ?? 0} seats taken)`,
      );
    }
    if (newMembers > 0) extra.push(addSeats(c.id, newMembers));
  } else {
    const limit = c.member_limit ?? DEFAULT_MEMBER_LIMIT;
    const seats = c.users.length + (ctx.operatorMembers.get(c.id) ?? 0);
    if (seats > limit) {
      throw h.fail(
        `${path}.users`,
        `${seats} members (users, and operators who became members) exceed member_limit ${limit}` +
          (c.member_limit === undefined ? ' (the default; set member_limit)' : ''),
      );
    }
  }
  ctx.companies.set(index, c);
  return { id: c.id, plan: planRecord(items, existing, extra) };
}

/** Counts members on an existing company (its seats: members plus pending invitations). */
const addSeats = (companyId: string, n: number): TransactionItem => ({
  update: keys.company(companyId),
  set: update(add('seats_used', n)),
  condition: itemExists(),
});

async function prepareTemplate(
  t: v.InferOutput<typeof templateRecord>,
  company: CompanyRecord,
  h: RecordHelpers,
): Promise<RecordResult> {
  const { ctx, path } = h;
  const files = await Promise.all(
    t.files.map(async (file, k) => {
      const bytes = await h.fixture(`${path}.files[${k}].fixture`, ctx.fixtures.file, file.fixture);
      const uploadId = file.upload_id ?? derivedUploadId(file.id);
      const objectKey = objectKeys.templateFile(company.id, t.id, file.id, uploadId);
      const createdAt = timeOf(ctx, file.id, file.created_at);
      const item = toTemplateFileItem(
        {
          id: file.id,
          template_id: t.id,
          company_id: company.id,
          model_id: t.model_id,
          name: file.name,
          description: file.description,
          created_at: createdAt,
          updated_at: file.updated_at ?? createdAt,
        },
        content(objectKey, uploadId, bytes),
      );
      return { item: plain(item), object: { key: objectKey, fixture: bytes } };
    }),
  );
  const template = toTemplateItem({
    id: t.id,
    company_id: company.id,
    name: t.name,
    ...(t.model_id !== undefined && { model_id: t.model_id }),
    ...(t.commodity_code !== undefined && { commodity_code: t.commodity_code }),
    ...(t.facility_id !== undefined && { facility_id: t.facility_id }),
    created_at: timeOf(ctx, t.id, t.created_at),
  });
  const existing = byKey(await readCollection(template.pk));
  const stored = has(existing, template);
  if (stored && stored.company_id !== company.id)
    throw h.fail(`${path}.id`, `template ${t.id} belongs to another company`);
  return { id: t.id, plan: planRecord([...files, { item: plain(template) }], existing) };
}

const content = (path: string, uploadId: string, fixture: Fixture): FileContent => ({
  path,
  mime_type: fixture.mimeType,
  hash: fixture.sha256,
  size: fixture.bytes.length,
  upload_id: uploadId,
});

const byKey = (items: readonly Item[]): Map<string, Item> =>
  new Map(items.map((item) => [keyString(item as unknown as Key), item]));

async function prepareDpp(
  d: v.InferOutput<typeof dppRecord>,
  company: CompanyRecord,
  h: RecordHelpers,
): Promise<RecordResult> {
  const { ctx, path } = h;
  // Each translated text names the DPP, one of its files, one of its cards or a card's characteristic.
  const sources = new Map(sourceUnitsOf(d, d.files, d.cards).map((unit) => [unit.key, unit]));
  const translations = Object.entries(d.translations).map(([language, units]) => {
    const translated = Object.entries(units).map(([key, text]) => {
      const source = sources.get(key);
      if (!source) {
        throw h.fail(
          `${path}.translations.${language}.${key}`,
          'names no text of this DPP: the keys are dpp, file:<id> and card:<id> of its files and cards, and ' +
            'characteristic:<cardId>:<id> of their characteristics',
        );
      }
      return { key, name: source.name, description: source.description, translated: text };
    });
    const item = toDppTranslationItem(d.id, language, translated);
    if (Buffer.byteLength(JSON.stringify(item)) > MAX_TRANSLATION_ITEM_BYTES) {
      throw h.fail(`${path}.translations.${language}`, `is larger than ${MAX_TRANSLATION_ITEM_BYTES} bytes`);
    }
    return { item: plain(item) };
  });

  const images = await Promise.all(
    d.images.map(async (image, k) => {
      const bytes = await h.fixture(`${path}.images[${k}].fixture`, ctx.fixtures.image, image.fixture);
      const objectKey = objectKeys.dppImage(company.id, d.id, image.id);
      const item = toDppImageItem(d.id, {
        id: image.id,
        company_id: company.id,
        path: objectKey,
        mime_type: bytes.mimeType,
      });
      return { item: plain(item), object: { key: objectKey, fixture: bytes } };
    }),
  );
  const creator = company.users[0]?.id ?? 'import';
  const files = await Promise.all(
    d.files.map(async (file, k) => {
      const bytes = await h.fixture(`${path}.files[${k}].fixture`, ctx.fixtures.file, file.fixture);
      const uploadId = file.upload_id ?? derivedUploadId(file.id);
      const objectKey = objectKeys.dppFile(company.id, d.id, file.id, uploadId);
      const createdAt = timeOf(ctx, file.id, file.created_at);
      const item = toDppFileItem(
        {
          id: file.id,
          dpp_id: d.id,
          company_id: company.id,
          model_id: d.model_id,
          name: file.name,
          description: file.description,
          created_by: file.created_by ?? creator,
          created_at: createdAt,
          updated_at: file.updated_at ?? createdAt,
          ...(file.copied_from && { copied_from: file.copied_from }),
        },
        content(objectKey, uploadId, bytes),
      );
      return { item: plain(item), object: { key: objectKey, fixture: bytes } };
    }),
  );
  const cards = d.cards.map((card) => ({
    item: plain(
      toDppCardItem(d.id, {
        id: card.id,
        company_id: company.id,
        name: card.name,
        description: card.description,
        characteristics: card.characteristics,
        ...(card.copied_from && { copied_from: card.copied_from }),
      }),
    ),
  }));
  const createdAt = timeOf(ctx, d.id, d.created_at);
  const dpp = toDppItem({
    id: d.id,
    company_id: company.id,
    model_id: d.model_id,
    ...(d.template_id !== undefined && { template_id: d.template_id }),
    ...(d.code !== undefined && { code: d.code }),
    ...(d.search_id !== undefined && { search_id: d.search_id }),
    ...(d.commodity_code !== undefined && { commodity_code: d.commodity_code }),
    ...(d.facility_id !== undefined && { facility_id: d.facility_id }),
    name: d.name,
    description: d.description,
    dpp_type: d.type,
    language: d.language,
    // The copy the passport page reads (docs/data-model.md).
    company_name: company.name,
    company_country: company.country_code,
    ...(d.related_dpps !== undefined && { related_dpps: d.related_dpps }),
    ...(d.profile !== undefined && { profile: d.profile, aspects: d.aspects ?? {} }),
    ...(d.category !== undefined && { category: d.category }),
    ...(d.replaces !== undefined && { replaces: d.replaces }),
    ...(d.replaced_by !== undefined && { replaced_by: d.replaced_by }),
    ...(d.ceased_at !== undefined && { ceased_at: d.ceased_at }),
    created_at: createdAt,
    updated_at: d.updated_at ?? createdAt,
  });

  // Its GS1 Digital Link entry (what the resolver reads), outside the DPP's collection, with the
  // company's name and country and the DPP's images (the JSON-LD's manufacturer and image).
  const link = toDppLinkItem(dpp, {
    manufacturer: manufacturerOf(company),
    imageIds: d.images.map((image) => image.id),
  });
  const [collection, template, linkFound] = await Promise.all([
    readCollection(dpp.pk),
    d.template_id === undefined ? undefined : readItem(keys.template(d.template_id)),
    link ? readItems([link]) : new Map<string, Item>(),
  ]);
  const existing = new Map([...byKey(collection), ...linkFound]);
  const stored = has(existing, dpp);
  if (stored && stored.company_id !== company.id) throw h.fail(`${path}.id`, `DPP ${d.id} belongs to another company`);
  if (d.template_id !== undefined && (template?.type !== ItemType.Template || template.company_id !== company.id)) {
    throw h.fail(
      `${path}.template_id`,
      `no template ${d.template_id} of company ${company.id}: list it in its templates`,
    );
  }
  return {
    id: d.id,
    plan: planRecord(
      [...images, ...files, ...cards, ...translations, ...(link ? [{ item: plain(link) }] : []), { item: plain(dpp) }],
      existing,
    ),
  };
}

async function preparePartnership(
  [a, b]: v.InferOutput<typeof partnershipRecord>,
  h: RecordHelpers,
): Promise<RecordResult> {
  const sides = toPartnerItems(a, b, h.ctx.now);
  const existing = await readItems([keys.company(a), keys.company(b), ...sides]);
  [a, b].forEach((companyId, k) => {
    if (!has(existing, keys.company(companyId))) {
      throw h.fail(`${h.path}[${k}]`, `no company ${companyId}: import it first (companies)`);
    }
  });
  return {
    id: `${a} ${b}`,
    plan: planRecord(
      sides.map(plain).map((item) => ({ item })),
      existing,
    ),
  };
}

async function prepareOperator(o: v.InferOutput<typeof operatorRecord>, h: RecordHelpers): Promise<RecordResult> {
  const { ctx, path } = h;
  const createdAt = timeOf(ctx, o.id, o.created_at);
  const operator = toOperatorItem({
    id: o.id,
    company_id: o.company,
    email: o.email,
    country_code: o.country_code,
    company_name: o.company_name,
    ...(o.activity !== undefined && { activity: o.activity }),
    created_at: createdAt,
    updated_at: createdAt,
  });
  // One who became an official member: the operator record moved aside, and the member under the same id.
  const member =
    o.member &&
    toMemberItems({
      id: o.id,
      company_id: o.company,
      email: o.email,
      wallet: o.member.wallet,
      role: o.member.role,
      created_at: ctx.now,
    });
  const items: PlannedItem[] = (
    member ? [member.user, member.wallet, member.emailClaim, toFormerOperatorItem(operator, ctx.now)] : [operator]
  ).map((item) => ({ item: plain(item) }));

  const existing = await readItems([keys.company(o.company), operator, ...items.map(({ item }) => item)]);
  const company = has(existing, keys.company(o.company)) as CompanyItem | undefined;
  if (!company) throw h.fail(`${path}.company`, `no company ${o.company}: import it first (companies)`);
  const extra: TransactionItem[] = [];
  if (member && o.member) {
    if (has(existing, operator)) {
      throw h.fail(
        `${path}.member`,
        `${o.id} is a non-official operator of the company in the table, not a member: invite them instead`,
      );
    }
    const person = { id: o.id, companyId: o.company, wallet: o.member.wallet, email: o.email };
    checkMember(existing, person, { wallet: `${path}.member.wallet`, email: `${path}.email` }, h);
    if (!has(existing, member.user)) {
      const limit = company.member_limit ?? DEFAULT_MEMBER_LIMIT;
      if ((company.seats_used ?? 0) + 1 > limit) {
        throw h.fail(`${path}.member`, `would exceed the company's member limit of ${limit}`);
      }
      extra.push(addSeats(o.company, 1));
    }
  }
  return { id: o.id, plan: planRecord(items, existing, extra) };
}
