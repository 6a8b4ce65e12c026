import * as v from 'valibot';
import { email, walletAddress } from '../../../lib/companies/fields';
import { countryCode } from '../../../lib/countries';
import { commodityCode, economicOperatorId, facilityId } from '../../../lib/identifiers';
import { ISO_639_1 } from '../../../lib/languages';
import { MAX_CARD_CHARACTERISTICS, MAX_CHARACTERISTIC_LENGTH } from '../../../lib/limits';
import { profileById } from '../../../lib/profiles/catalogue';
import { documentProblems } from '../../../lib/profiles/validate';
import { description, id, issueMessage, name, singleLine, uuid } from '../../../lib/schemas';

/**
 * The import format (`npm run admin -- import <file.json>`, scripts/admin/use-cases/import.ts): the shape of
 * infra/local/demo-data.json, which the local seed loads through the same code, and of the
 * `passport.json` an export writes (scripts/admin/use-cases/export.ts).
 *
 * A document lists `companies` (each with its `users`, `apiKeys`, `templates` and `dpps`),
 * `partnerships` and `operators`; every list may be absent. Other top-level members are
 * ignored (`$comment`, the demo file's seed-only `kyb`, `links`, `versions`, `invitations`).
 * The import validates one record at a time, just before writing it (a company with its users
 * and API keys; a template with its files; a DPP with its images, files, cards and
 * translations; a partnership; an operator), so a record names no field the format does not
 * know: a misspelt field is an error, not silently dropped.
 *
 * Times: a record's `created_at` (and `updated_at`) may be given; absent, it is the time of
 * the record's id when that is a UUIDv7 (as every demo id is), or the time of the import.
 * A `fixture` is the path of the file's bytes relative to the document's folder.
 */

const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const timestamp = v.pipe(
  v.string(),
  v.regex(UTC_TIME, 'must be a UTC time such as 2026-11-01T09:00:00.000Z'),
  v.check((s) => new Date(s).toISOString() === s, 'must be a real UTC time such as 2026-11-01T09:00:00.000Z'),
);
const text = (max: number) =>
  v.pipe(
    v.string(),
    singleLine,
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(max, `must be at most ${max} characters`),
  );
const language = v.picklist(ISO_639_1, 'must be an ISO 639-1 code in lowercase, such as en or fr');
/** Where a file's bytes are: a path relative to the document's folder (scripts/admin/use-cases/fixtures.ts reads it). */
const fixture = v.pipe(v.string(), v.minLength(1, 'must be a path relative to the document'), v.maxLength(1024));
/** A list that may be absent (an export lists no users); absent is empty. */
const list = <T extends v.GenericSchema>(item: T) => v.optional(v.array(item), []);
const distinct = <T>(key: (item: T) => string, what: string) =>
  v.check<T[], string>((items) => new Set(items.map(key)).size === items.length, `must not repeat ${what}`);

/** Where a copied file or card came from (related DPPs): kept so an export restores it. */
const copiedFrom = v.strictObject({ dpp_id: id, id });

const user = v.strictObject({
  id: uuid,
  email,
  wallet: walletAddress,
  role: v.picklist(['admin', 'member'], 'must be admin or member'),
  created_at: v.optional(timestamp),
});

/** A plain API key (stored only as its SHA-256): what GET /generateJWT takes in its path. */
const apiKey = v.strictObject({
  /** A label for people. The key's id (`api-key disable <id>`) comes from its hash and `created_at`. */
  name: v.optional(text(200)),
  key: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9._~-]{16,256}$/, 'must be 16-256 letters, digits, -, ., _ or ~ (what GET /generateJWT takes)'),
  ),
  enabled: v.optional(v.boolean(), true),
  created_at: v.optional(timestamp),
});

/** The fields of a template file and a DPP file. */
const fileFields = {
  name,
  description,
  fixture,
  created_at: v.optional(timestamp),
  updated_at: v.optional(timestamp),
  /** The upload id in the bytes' object key; absent, one derived from the file id (the same on every import). */
  upload_id: v.optional(uuid),
};

export const templateRecord = v.strictObject({
  id: uuid,
  name,
  model_id: v.optional(uuid),
  commodity_code: v.optional(commodityCode),
  facility_id: v.optional(facilityId),
  created_at: v.optional(timestamp),
  files: v.pipe(
    list(v.strictObject({ id: uuid, ...fileFields })),
    distinct((f) => f.id, 'a file id'),
  ),
});

const characteristic = v.strictObject({
  id,
  characteristic: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(MAX_CHARACTERISTIC_LENGTH),
  ),
});

const card = v.strictObject({
  id,
  name,
  description,
  characteristics: v.pipe(
    list(characteristic),
    v.maxLength(MAX_CARD_CHARACTERISTICS, `must have at most ${MAX_CARD_CHARACTERISTICS} characteristics`),
    distinct((c) => c.id, 'a characteristic id'),
  ),
  copied_from: v.optional(copiedFrom),
});

const translatedText = v.strictObject({ name, description });

export const dppRecord = v.pipe(
  v.strictObject({
    id,
    model_id: uuid,
    template_id: v.optional(uuid),
    /** The product model's code, e.g. its GTIN-14. */
    code: v.optional(text(64)),
    /** The GS1 Digital Link path of the item, `01/<GTIN-14>/21/<serial>`. */
    search_id: v.optional(text(200)),
    /** For the EU registry (lib/identifiers.ts); absent: the template's. */
    commodity_code: v.optional(commodityCode),
    facility_id: v.optional(facilityId),
    type: text(100),
    language,
    name,
    description,
    created_at: v.optional(timestamp),
    updated_at: v.optional(timestamp),
    related_dpps: v.optional(
      v.pipe(
        v.array(id),
        distinct<string>((dppId) => dppId, 'a DPP id'),
      ),
    ),
    images: v.pipe(
      list(v.strictObject({ id, fixture })),
      distinct((i) => i.id, 'an image id'),
    ),
    files: v.pipe(
      list(
        v.strictObject({
          id,
          ...fileFields,
          /** The member who uploaded it; absent, the company's first user in the document. */
          created_by: v.optional(id),
          copied_from: v.optional(copiedFrom),
        }),
      ),
      distinct((f) => f.id, 'a file id'),
    ),
    cards: v.pipe(
      list(card),
      distinct((c) => c.id, 'a card id'),
    ),
    /** Per language, the texts of the DPP (`dpp`), its files (`file:<id>`) and cards (`card:<id>`) in it. */
    translations: v.optional(v.record(language, v.record(v.string(), translatedText)), {}),
    /** A profiled DPP (docs/profiles.md): its profile, category and aspect documents, each valid in the profile. */
    profile: v.optional(text(64)),
    category: v.optional(text(64)),
    aspects: v.optional(v.record(v.string(), v.record(v.string(), v.unknown()))),
    /** Its lifecycle (docs/behaviour.md, Lifecycle): predecessor, successor, when it ceased. */
    replaces: v.optional(id),
    replaced_by: v.optional(id),
    ceased_at: v.optional(timestamp),
  }),
  v.forward(
    v.check(({ profile, category, aspects }) => {
      if (profile === undefined) return category === undefined && aspects === undefined;
      const known = profileById(profile);
      if (!known || (category !== undefined && !known.categories.some((c) => c.id === category))) return false;
      return Object.entries(aspects ?? {}).every(([aspectId, document]) => {
        const aspect = known.aspects.find((a) => a.id === aspectId);
        return aspect !== undefined && documentProblems(aspect, document).length === 0;
      });
    }, 'must be a profile of the service, one of its categories, and aspect documents valid in it'),
    ['profile'],
  ),
  v.forward(
    v.check(
      ({ language: source, translations }) => !(source in translations),
      'must not translate into the DPP language',
    ),
    ['translations'],
  ),
);

export const companyRecord = v.strictObject({
  id: uuid,
  name,
  country_code: countryCode,
  /** Its EORI number or LEI (lib/identifiers.ts). */
  economic_operator_id: v.optional(economicOperatorId),
  /** Members allowed (a plan); absent: the default (lib/limits.ts). */
  member_limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000))),
  created_at: v.optional(timestamp),
  users: v.pipe(
    list(user),
    distinct((u) => u.id, 'a user id'),
    distinct((u) => u.email, 'an e-mail'),
    distinct((u) => u.wallet.toLowerCase(), 'a wallet'),
  ),
  apiKeys: v.pipe(
    list(apiKey),
    distinct((k) => k.key, 'a key'),
  ),
  // Records of their own (validated when their turn comes).
  templates: v.optional(v.array(v.unknown())),
  dpps: v.optional(v.array(v.unknown())),
});

/** Two partner companies: each sees the other's DPPs in related-DPP searches (both sides are stored). */
export const partnershipRecord = v.pipe(
  v.tuple([uuid, uuid], 'must be a pair of company ids'),
  v.check(([a, b]) => a !== b, 'must name two different companies'),
);

/** A non-official operator of a company; with `member`, one who became an official member under the same id. */
export const operatorRecord = v.strictObject({
  company: uuid,
  id: uuid,
  activity: v.optional(text(100)),
  email,
  country_code: countryCode,
  company_name: name,
  created_at: v.optional(timestamp),
  member: v.optional(
    v.strictObject({ wallet: walletAddress, role: v.picklist(['admin', 'member'], 'must be admin or member') }),
  ),
});

/**
 * The document around the records: what the import reads before the first record, to count
 * the records and walk them. A record itself is checked when its turn comes.
 */
export const importDocument = v.looseObject({
  companies: list(
    v.looseObject({
      templates: list(v.unknown()),
      dpps: list(v.unknown()),
    }),
  ),
  partnerships: list(v.unknown()),
  operators: list(v.unknown()),
});

export type CompanyRecord = v.InferOutput<typeof companyRecord>;
export type TemplateRecord = v.InferOutput<typeof templateRecord>;
export type DppRecord = v.InferOutput<typeof dppRecord>;
export type PartnershipRecord = v.InferOutput<typeof partnershipRecord>;
export type OperatorRecord = v.InferOutput<typeof operatorRecord>;

/**
 * A document in the import format, as a writer produces it (the export, the demo file's type):
 * lists may be absent, templates and DPPs are spelled out.
 */
export interface ImportDocument {
  $comment?: string;
  companies?: Array<
    Omit<v.InferInput<typeof companyRecord>, 'templates' | 'dpps'> & {
      templates?: Array<v.InferInput<typeof templateRecord>>;
      dpps?: Array<v.InferInput<typeof dppRecord>>;
    }
  >;
  partnerships?: Array<v.InferInput<typeof partnershipRecord>>;
  operators?: Array<v.InferInput<typeof operatorRecord>>;
}

/**
 * The time of a UUIDv7 (its first 48 bits, milliseconds since the epoch), or undefined for
 * any other id: what a record's `created_at` defaults to.
 */
export function uuidV7Time(value: string): string | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(value)) return undefined;
  return new Date(Number.parseInt(value.slice(0, 8) + value.slice(9, 13), 16)).toISOString();
}

/** The first problem valibot found, as `<path>: <message>` under the record's path. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): { path: string; message: string } {
  const [issue] = issues;
  if (!issue) return { path: '', message: 'is not valid' };
  const path = (issue.path ?? [])
    .map((step) => {
      const key = (step as { key?: unknown }).key;
      return typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
    })
    .join('');
  // valibot's words for a strict object's unknown and missing keys, in the format's terms.
  const message = issue.expected === 'never' ? 'is not a field of the import format' : issueMessage(issue);
  return { path, message };
}
