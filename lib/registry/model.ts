import * as v from 'valibot';
import type { CompanyItem } from '../companies/model';
import * as keys from '../data/keys';
import { identifiersOf } from '../dpps/link';
import { type DppItem, isPublished } from '../dpps/model';
import { DomainError, type ErrorDetail } from '../errors';
import { operatorIdScheme } from '../identifiers';
import { backupDppJsonUrl, digitalLinkUri, dppJsonUrl } from '../links';
import type { TemplateItem } from '../templates/model';

/**
 * The EU DPP registry (Implementing Regulation (EU) 2026/1778; docs/behaviour.md, The EU
 * registry): a passport's registration record, the proof of its registration, and a company's
 * export state. The record's shape is the registry metadata of the CIRPASS-2 mock EU registry
 * (its default JSON schema, draft 2020-12): test/lib/registry/registry-schema.ts holds its rules.
 */

/** The data carriers the service makes for every passport (GET /dpps/{dppId}/qr): QR codes and Data Matrix symbols. */
export const DATA_CARRIER_TYPES = ['QR_CODE', 'DATA_MATRIX'] as const;

/** A passport's registration metadata, as the registry takes it (Art. 8). */
export interface RegistryRecord {
  /** The unique product identifier: the passport's GS1 Digital Link URI (what its data carrier encodes). */
  upi: string;
  /** The responsible economic operator: `EORI-<number>` or `LEI-<code>`, as the mock registry's examples write it. */
  reoId: string;
  /** The GLNs of the facilities that make the product: `GLN-<13 digits>`. */
  facilitiesId: string[];
  /** The passport's public JSON view (GET /dpp/{dppId}). */
  liveURL: string;
  /** The same view on the back-up copy (EN 18221). */
  backupURL: string;
  commodityCode: string;
  dataCarrierTypes: string[];
  /** `ITEM` for a passport with a serial (every passport the API creates), `MODEL` for a product-level one. */
  granularityLevel: 'MODEL' | 'BATCH' | 'ITEM';
  /** ITEM only (the registry refuses it on the others): the passport ceased or was replaced by a successor. */
  deactivated?: boolean;
}

/** Why a passport has no complete record yet: one detail per missing part, its path the record's field. */
export type RecordOutcome = { record: RegistryRecord } | { missing: ErrorDetail[] };

/**
 * What the registry record and the EN 18223 header of the passport API (lib/passport-api) both say
 * of a passport, from its item, its company and its template (the template's commodity code and
 * facility count where the DPP sets none): each part undefined where it is missing.
 */
export function passportIdentityOf(
  dpp: DppItem,
  company: Pick<CompanyItem, 'economic_operator_id'> | undefined,
  template: Pick<TemplateItem, 'commodity_code' | 'facility_id'> | undefined,
) {
  const ids = identifiersOf(dpp.search_id);
  return {
    upi: ids && digitalLinkUri(ids.gtin, ids.serial),
    operatorId: company?.economic_operator_id,
    commodityCode: dpp.commodity_code ?? template?.commodity_code,
    facility: dpp.facility_id ?? template?.facility_id,
    /** Every passport the API makes is one serialised item (its search_id has a serial). */
    granularity: 'ITEM' as const,
    deactivated: dpp.ceased_at !== undefined || dpp.replaced_by !== undefined,
  };
}

/**
 * The record of a published DPP from its item, its company and its template (passportIdentityOf).
 * Pure but for the public links' settings (PUBLIC_BASE_URL, BACKUP_BASE_URL).
 */
export function registryRecordOf(
  dpp: DppItem,
  company: Pick<CompanyItem, 'economic_operator_id'> | undefined,
  template: Pick<TemplateItem, 'commodity_code' | 'facility_id'> | undefined,
): RecordOutcome {
  const missing: ErrorDetail[] = [];
  const { upi, operatorId, commodityCode, facility, granularity, deactivated } = passportIdentityOf(
    dpp,
    company,
    template,
  );
  if (!upi) missing.push({ path: 'upi', message: 'the DPP has no GS1 Digital Link identifiers (search_id)' });
  if (operatorId === undefined)
    missing.push({ path: 'reoId', message: 'the company has no economic_operator_id (its EORI number or LEI)' });
  if (commodityCode === undefined)
    missing.push({ path: 'commodityCode', message: 'neither the DPP nor its template has a commodity_code' });
  if (facility === undefined)
    missing.push({ path: 'facilitiesId', message: 'neither the DPP nor its template has a facility_id (a GLN)' });
  const backupURL = backupDppJsonUrl(dpp.id);
  if (backupURL === undefined)
    missing.push({ path: 'backupURL', message: 'this deployment has no back-up copy configured (BACKUP_BASE_URL)' });
  if (!upi || operatorId === undefined || commodityCode === undefined || facility === undefined || !backupURL)
    return { missing };
  return {
    record: {
      upi,
      reoId: `${operatorIdScheme(operatorId)}-${operatorId}`,
      facilitiesId: [`GLN-${facility}`],
      liveURL: dppJsonUrl(dpp.id),
      backupURL,
      commodityCode,
      dataCarrierTypes: [...DATA_CARRIER_TYPES],
      granularityLevel: granularity,
      deactivated,
    },
  };
}

/** A passport that is not published has no record: the registry lists only what the public can read. */
export const notPublished = (dpp: Pick<DppItem, 'published'>): boolean => !isPublished(dpp);

export const recordIncomplete = (missing: ErrorDetail[]) =>
  new DomainError(
    'conflict',
    'REGISTRY_RECORD_INCOMPLETE',
    `the passport's registry record lacks ${missing.map((m) => m.path).join(', ')}`,
    missing,
  );

export const unpublished = () =>
  new DomainError(
    'conflict',
    'NOT_PUBLISHED',
    'the passport is not published: only published passports are registered',
  );

// ---------------------------------------------------------------------------------------------
// The proof of registration (Art. 9)

/** The hex SHA-256 of a version document, as versions store it (`content_hash`). */
const sha256Hex = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in 64 lowercase hex digits'));

/** The largest e-seal accepted, in base64 characters (a JAdES or CAdES seal with its certificate chain fits). */
export const MAX_SEAL_LENGTH = 65_536;

/**
 * The proof the registry returns (Art. 9), as the service stores it: the e-sealed registration
 * document, with what it attests in the clear so that the service can check it (docs/behaviour.md,
 * The proof of registration). `registry_id` is the registration identifier; `version` and
 * `version_hash` name the passport version it was registered at; `seal` is the e-sealed document
 * itself, opaque to the service (its format and the base64 of its bytes).
 */
export const registrationProof = v.strictObject(
  {
    registry_id: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(100)),
    upi: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200)),
    version: v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(1)),
    version_hash: sha256Hex,
    registered_at: v.pipe(
      v.string(),
      v.regex(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/,
        'must be an ISO 8601 timestamp with its offset, such as 2026-07-21T09:30:00.000Z',
      ),
      v.check((text) => Number.isFinite(Date.parse(text)), 'must be a date and time that exists'),
      v.examples(['2026-07-21T09:30:00.000Z', '2026-07-21T11:30:00+02:00']),
    ),
    seal: v.strictObject(
      {
        format: v.picklist(['JAdES', 'CAdES', 'XAdES', 'PAdES'], 'must be JAdES, CAdES, XAdES or PAdES'),
        value: v.pipe(
          v.string(),
          v.minLength(1, 'must not be empty'),
          v.maxLength(MAX_SEAL_LENGTH, `must be at most ${MAX_SEAL_LENGTH} characters`),
          v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64'),
        ),
      },
      'is not a field of a seal (format, value)',
    ),
  },
  'is not a field of a registration proof (registry_id, upi, version, version_hash, registered_at, seal)',
);
export type RegistrationProof = v.InferOutput<typeof registrationProof>;

/** `type` of a proof item: apart from ItemType, which every function bundles whole. */
export const REGISTRATION_PROOF_TYPE = 'REGISTRATION_PROOF';

export interface RegistrationProofItem {
  pk: string;
  sk: string;
  type: typeof REGISTRATION_PROOF_TYPE;
  dpp_id: string;
  company_id: string;
  registration_id: string;
  proof: RegistrationProof;
  stored_at: string;
}

export function toRegistrationProofItem(
  item: Omit<RegistrationProofItem, 'pk' | 'sk' | 'type'>,
): RegistrationProofItem {
  return {
    ...keys.registrationProof(item.dpp_id, item.proof.version),
    type: REGISTRATION_PROOF_TYPE,
    ...item,
  };
}

// ---------------------------------------------------------------------------------------------
// Exports (POST /registry-exports)

/** The registry's limit of records per upload file (the Commission's user guide of the registry). */
export const RECORDS_PER_FILE = 100;

/** How long an export file's link lasts. */
export const EXPORT_LINK_SECONDS = 3600;

export const REGISTRY_EXPORT_TYPE = 'REGISTRY_EXPORT';

/** A company's export state: what its last export covered (docs/data-model.md, EU registry). */
export interface RegistryExportItem {
  pk: string;
  sk: string;
  type: typeof REGISTRY_EXPORT_TYPE;
  company_id: string;
  /** The last export: its id, and the instant up to which it took the passports' changes. */
  export_id: string;
  until: string;
  /** Exports so far. */
  exports: number;
}
