import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as v from 'valibot';
import type { Item } from '../../../lib/aws/dynamodb';
import { bucket } from '../../../lib/aws/s3';
import type { CompanyItem } from '../../../lib/companies/model';
import { ConfigError } from '../../../lib/config';
import * as keys from '../../../lib/data/keys';
import { dppCollection, historyCollection, ItemType } from '../../../lib/data/keys';
import type { DppFileItem } from '../../../lib/dpps/model';
import { type DppCardItem, type DppImageItem, type DppItem, dppNotFound } from '../../../lib/dpps/model';
import { fingerprint, sourceUnitsOf, unitsOf } from '../../../lib/dpps/translations';
import { InvalidInputError } from '../../../lib/errors';
import { type AllowedMimeType, detectFileType } from '../../../lib/files/file-type';
import { versionUri } from '../../../lib/links';
import type { NotarizationItem } from '../../../lib/notarizations/model';
import { id } from '../../../lib/schemas';
import type { TemplateFileItem, TemplateItem } from '../../../lib/templates/model';
import type { DppVersionItem } from '../../../lib/versions/model';
import type { ImportDocument } from './import-format';
import { readCollection, readItem } from './repository';

/**
 * `npm run admin -- export <dppId> [--out dir]`: a backup copy of one DPP (ESPR Art. 10) that a
 * person or another system reads without this service. `<outDir>/<dppId>/` holds:
 * - `passport.json`: the passport in the import format (scripts/admin/use-cases/import-format.ts): its
 *   company (id, name, country; no users, API keys or secrets), its template with files, the
 *   DPP with images, files, cards and stored translations; each `fixture` names the bytes
 *   exported beside it (`files/…`, `images/…`, `template/files/…`). Importing it restores the
 *   passport as it is now, in this stack or another.
 * - `versions/<n>.json`: each version's canonical document, byte for byte as stored (its
 *   SHA-256 is the version's content hash, the `dpp_hash` a notarization anchors);
 *   `versions/files/<sha256>.<ext>`: the bytes each version lists; `versions/<n>-report.<ext>`:
 *   the report a notarization signed.
 * - `history.json`: the versions and notarizations (status, hashes, transaction, uri). The
 *   import ignores it: notarizations are signatures and chain transactions, not data to re-make.
 * - `README.txt`: this layout, for whoever opens the folder.
 * The folder is written beside its final name and renamed when complete; an existing one is
 * never overwritten.
 */

/** `export <dppId> [--out <dir>]`. */
export const exportDppInput = v.object({
  dpp_id: id,
  out: v.optional(v.pipe(v.string(), v.minLength(1, 'must be a folder')), '.'),
});

export interface ExportSummary {
  /** The folder written. */
  dir: string;
  files: number;
  images: number;
  templateFiles: number;
  versions: number;
  notarizations: number;
  /** Bytes the store lacks or that differ from their recorded hash: the export says so instead of stopping. */
  warnings: string[];
}

const EXTENSIONS: Record<AllowedMimeType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/json': 'json',
};
const extension = (mimeType: string): string => EXTENSIONS[mimeType as AllowedMimeType] ?? 'bin';
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A version's public uri when this process knows the stack's public base URL (PUBLIC_BASE_URL). */
function publicUri(dppId: string, version: number): string | undefined {
  try {
    return versionUri(dppId, version);
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}

export async function exportDpp(dppId: string, outDir: string, now = new Date()): Promise<ExportSummary> {
  if (!v.is(id, dppId)) throw new InvalidInputError(`${dppId} is not a DPP id: 1-64 letters, digits, - or _`, 'BAD_ID');

  const collection = await readCollection(dppCollection(dppId));
  const ofType = <T>(type: string) => collection.filter((item) => item.type === type) as unknown as T[];
  const dpp = ofType<DppItem>(ItemType.Dpp)[0];
  if (!dpp) throw dppNotFound();
  const images = ofType<DppImageItem>(ItemType.DppImage);
  const files = ofType<DppFileItem>(ItemType.DppFile);
  const cards = ofType<DppCardItem>(ItemType.DppCard);
  const translations = ofType<Item>(ItemType.DppTranslation);

  const [company, templateItems, history] = await Promise.all([
    readItem(keys.company(dpp.company_id)) as Promise<CompanyItem | undefined>,
    dpp.template_id ? readCollection(keys.template(dpp.template_id).pk) : Promise.resolve([]),
    readCollection(historyCollection(dppId)),
  ]);
  const template = templateItems.find((item) => item.type === ItemType.Template) as unknown as TemplateItem | undefined;
  const templateFiles = templateItems.filter(
    (item) => item.type === ItemType.TemplateFile,
  ) as unknown as TemplateFileItem[];
  const versions = history.filter((item) => item.type === ItemType.DppVersion) as unknown as DppVersionItem[];
  const notarizations = history.filter((item) => item.type === ItemType.Notarization) as unknown as NotarizationItem[];

  const out = new Map<string, Buffer>();
  const warnings: string[] = [];
  /** Fetches an object into the export at `name`; a missing one is a warning, and its record is left out (the rest is still backed up). */
  const copy = async (key: string, name: string, what: string): Promise<Buffer | undefined> => {
    const bytes = await bucket.getBytes(key);
    if (bytes === undefined) warnings.push(`${what}: no object ${key} in the bucket; ${name} is not in the export`);
    else out.set(name, bytes);
    return bytes;
  };

  // The passport (import format).
  await Promise.all([
    ...images.map((image) => copy(image.path, imageName(image), `image ${image.id}`)),
    ...files.map((file) => copy(file.path, fileName('files', file), `file ${file.id}`)),
    ...templateFiles.map((file) => copy(file.path, fileName('template/files', file), `template file ${file.id}`)),
  ]);
  // A file or image whose object is missing (deleted while the export read, or lost) is left out of the
  // passport with its warning, so the export still imports: a record names only bytes the folder holds.
  const exported = <T>(list: T[], nameOf: (item: T) => string) => list.filter((item) => out.has(nameOf(item)));
  const passport: ImportDocument = {
    $comment:
      `Backup copy of DPP ${dppId}, exported ${now.toISOString()} (README.txt). The import format of ` +
      '`npm run admin -- import`: each fixture is a file of this folder. Versions and notarizations: history.json.',
    companies: [
      {
        id: dpp.company_id,
        name: company?.name ?? '',
        country_code: company?.country_code ?? '',
        ...(company?.economic_operator_id && { economic_operator_id: company.economic_operator_id }),
        ...(company && { created_at: company.created_at }),
        ...(template && {
          templates: [
            {
              id: template.id,
              name: template.name,
              ...(template.model_id !== undefined && { model_id: template.model_id }),
              ...(template.commodity_code !== undefined && { commodity_code: template.commodity_code }),
              ...(template.facility_id !== undefined && { facility_id: template.facility_id }),
              created_at: template.created_at,
              files: exported(templateFiles, (file) => fileName('template/files', file)).map((file) => ({
                id: file.id,
                name: file.name,
                description: file.description,
                fixture: fileName('template/files', file),
                created_at: file.created_at,
                updated_at: file.updated_at,
                upload_id: file.upload_id,
              })),
            },
          ],
        }),
        dpps: [
          {
            id: dpp.id,
            model_id: dpp.model_id,
            ...(dpp.template_id && { template_id: dpp.template_id }),
            ...(dpp.code && { code: dpp.code }),
            ...(dpp.search_id && { search_id: dpp.search_id }),
            ...(dpp.commodity_code && { commodity_code: dpp.commodity_code }),
            ...(dpp.facility_id && { facility_id: dpp.facility_id }),
            type: dpp.dpp_type,
            language: dpp.language,
            name: dpp.name,
            description: dpp.description,
            created_at: dpp.created_at,
            updated_at: dpp.updated_at,
            ...(dpp.related_dpps?.length && { related_dpps: dpp.related_dpps }),
            ...(dpp.profile !== undefined && { profile: dpp.profile, aspects: dpp.aspects ?? {} }),
            ...(dpp.category !== undefined && { category: dpp.category }),
            ...(dpp.replaces !== undefined && { replaces: dpp.replaces }),
            ...(dpp.replaced_by !== undefined && { replaced_by: dpp.replaced_by }),
            ...(dpp.ceased_at !== undefined && { ceased_at: dpp.ceased_at }),
            images: exported(images, imageName).map((image) => ({ id: image.id, fixture: imageName(image) })),
            files: exported(files, (file) => fileName('files', file)).map((file) => ({
              id: file.id,
              name: file.name,
              description: file.description,
              fixture: fileName('files', file),
              created_at: file.created_at,
              updated_at: file.updated_at,
              upload_id: file.upload_id,
              created_by: file.created_by,
              ...(file.copied_from && { copied_from: file.copied_from }),
            })),
            cards: cards.map((card) => ({
              id: card.id,
              name: card.name,
              description: card.description,
              characteristics: (card.characteristics ?? []).map((c) => ({
                id: c.id,
                characteristic: c.characteristic,
              })),
              ...(card.copied_from && { copied_from: card.copied_from }),
            })),
            translations: currentTranslations(
              dpp,
              exported(files, (file) => fileName('files', file)),
              cards,
              translations,
            ),
          },
        ],
      },
    ],
  };
  if (!company) warnings.push(`company ${dpp.company_id} of the DPP is missing: passport.json names it without a name`);

  // The history: each version's document, the bytes it lists, its report; the notarizations.
  const versionEntries = await Promise.all(
    versions.map(async (version) => {
      const document = `versions/${version.version}.json`;
      const bytes = await copy(version.document_path, document, `version ${version.version}'s document`);
      if (bytes && sha256(bytes) !== version.content_hash) {
        warnings.push(`${document} does not match the version's content_hash ${version.content_hash}`);
      }
      const listed = await Promise.all(
        version.snapshot.files.map(async (file) => {
          const name = `versions/files/${file.hash}.${extension(file.type)}`;
          const present =
            out.has(name) || (await copy(file.path, name, `version ${version.version}'s file ${file.id}`));
          return { id: file.id, name: file.name, type: file.type, hash: file.hash, ...(present && { bytes: name }) };
        }),
      );
      const reportBytes = version.report_path ? await bucket.getBytes(version.report_path) : undefined;
      const reportName =
        reportBytes && `versions/${version.version}-report.${extension(detectFileType(reportBytes) ?? '')}`;
      if (reportName) out.set(reportName, reportBytes);
      else if (version.report_path) {
        warnings.push(`version ${version.version}'s report: no object ${version.report_path} in the bucket`);
      }
      const uri = publicUri(dppId, version.version);
      return {
        version: version.version,
        version_id: version.id,
        status: version.status,
        created_at: version.created_at,
        created_by: version.created_by,
        content_hash: version.content_hash,
        document,
        uri_path: `/dpp/${encodeURIComponent(dppId)}/versions/${version.version}`,
        ...(uri && { uri }),
        files: listed,
        ...(version.notarized_at && {
          notarized: {
            notarized_at: version.notarized_at,
            hash: version.hash,
            signature: version.signature,
            submitter: version.submitter,
            notarized_files: version.notarized_files ?? [],
            ...(reportName && { report: reportName }),
          },
        }),
      };
    }),
  );
  const historyDocument = {
    format: 'dpp-history/1',
    dpp_id: dppId,
    exported_at: now.toISOString(),
    versions: versionEntries,
    notarizations: notarizations.map((n) => ({
      id: n.id,
      version: n.version,
      version_id: n.version_id,
      status: n.status,
      dpp_hash: n.dpp_hash,
      report_hash: n.report_hash,
      submitter: n.submitter,
      created_at: n.created_at,
      updated_at: n.updated_at,
      transaction_hash: n.transaction_hash ?? null,
      from: n.from ?? null,
      to: n.to ?? null,
      block_hash: n.block_hash ?? null,
      block_number: n.block_number ?? null,
      url: n.url ?? null,
      ...(n.failure && { failure: n.failure }),
    })),
  };

  out.set('passport.json', json(passport));
  out.set('history.json', json(historyDocument));
  out.set('README.txt', Buffer.from(readme(dppId, now), 'utf8'));
  const dir = await writeFolder(join(outDir, dppId), out);
  return {
    dir,
    files: files.length,
    images: images.length,
    templateFiles: templateFiles.length,
    versions: versions.length,
    notarizations: notarizations.length,
    warnings,
  };
}

const imageName = (image: DppImageItem) => `images/${image.id}.${extension(image.mime_type)}`;
const fileName = (folder: string, file: { id: string; mime_type: string }) =>
  `${folder}/${file.id}.${extension(file.mime_type)}`;
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/**
 * The stored translations that still match the texts (a unit made from an earlier wording is
 * stale: the passport view translates it again), so a re-import shows what the passport shows now.
 */
function currentTranslations(dpp: DppItem, files: DppFileItem[], cards: DppCardItem[], items: Item[]) {
  const texts = new Map(sourceUnitsOf(dpp, files, cards).map((unit) => [unit.key, unit]));
  const out: Record<string, Record<string, { name: string; description: string }>> = {};
  for (const item of items) {
    const language = item.language as string;
    if (language === dpp.language) continue;
    const units: Record<string, { name: string; description: string }> = {};
    for (const [key, unit] of unitsOf(item)) {
      const text = texts.get(key);
      if (text && unit.source === fingerprint(text)) units[key] = { name: unit.name, description: unit.description };
    }
    if (Object.keys(units).length > 0) out[language] = units;
  }
  return out;
}

/** Writes the files into a new folder beside `dir`, then renames it to `dir`: never half an export under its name. */
async function writeFolder(dir: string, files: ReadonlyMap<string, Buffer>): Promise<string> {
  const existing = await readdir(dir).catch(() => undefined);
  if (existing !== undefined) {
    throw new InvalidInputError(`${dir} exists already: move it away or choose another --out`, 'EXPORT_EXISTS');
  }
  const partial = `${dir}.partial-${randomBytes(4).toString('hex')}`;
  try {
    for (const [name, bytes] of files) {
      const path = join(partial, name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    }
    await rename(partial, dir);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

function readme(dppId: string, now: Date): string {
  return `Backup copy of the Digital Product Passport ${dppId}
Exported ${now.toISOString()} by \`npm run admin -- export\` of the DPP service, as the
backup copy ESPR (Regulation (EU) 2024/1781) Art. 10 asks for. Everything here is plain
JSON (UTF-8) and the files' own bytes: no software of the service is needed to read it.

passport.json
  The passport as it is now, in the service's import format:
  companies[0]            the company: id, name, country code (no users, keys or secrets)
  companies[0].templates  the passport's template, if it has one, with its files
  companies[0].dpps[0]    the passport: its fields (type, language of its texts, code,
                          search_id, times), images, files, tech cards with their
                          characteristics, and translations
  translations            per language, the name and description of the passport ("dpp"),
                          of each file ("file:<file id>") and of each card ("card:<card id>"),
                          and each characteristic's text as its name ("characteristic:<card
                          id>:<characteristic id>", description "")
  fixture                 where a file's or an image's bytes are in this folder

files/<file id>.<ext>             the passport's files
images/<image id>.<ext>           the passport's images
template/files/<file id>.<ext>    the template's files

versions/<n>.json
  Version n of the passport: its canonical JSON document (RFC 8785), byte for byte as the
  service stores and serves it. Its SHA-256 is the version's content_hash in history.json,
  which is the dpp_hash its notarization anchored on the chain.
versions/files/<sha256>.<ext>
  The bytes of each file a version lists, named by their SHA-256 (the "hash" the version
  document gives for the file): what the file was when the version was taken.
versions/<n>-report.<ext>
  The report a member signed to notarize version n (its SHA-256 is the report_hash).

history.json
  Every version (status, content_hash, the public uri of its document, its files, who
  notarized it with which signature) and every notarization (status PENDING, ANCHORED or
  FAILED, dpp_hash, report_hash, submitter, the chain transaction's hash, block and
  explorer url).

To check a notarized version without the service: the SHA-256 of versions/<n>.json is
its content_hash; the notarization's dpp_hash is the same; the transaction's data on the
chain is 0x, then dpp_hash, then report_hash; the signature is the submitter wallet's
EIP-191 (personal_sign) signature of the report hash's 32 bytes.

To restore: \`npm run admin -- import passport.json\` (in this folder) restores the passport
with its ids, texts, times, files, images, cards and translations, into the same stack
(nothing is written twice) or another. It restores the passport, not its history:
versions and notarizations are not re-made (a notarization is a member's signature and a
chain transaction); they stay here, verifiable as above.
`;
}
