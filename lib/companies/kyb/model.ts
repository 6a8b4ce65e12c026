import { NotFoundError } from '../../errors';

/**
 * KYB (Know Your Business) of a company, stored on its company item as `kyb` (docs/spec/decisions.md,
 * KYB; docs/data-model.md). The data is what the client sent (trimmed); the status is what
 * VIES said about its VAT number; `vies` is the last consultation.
 */
export const KybStatus = { Pending: 'PENDING', Verified: 'VERIFIED', Rejected: 'REJECTED' } as const;
export type KybStatus = (typeof KybStatus)[keyof typeof KybStatus];

/** The nine fields of the interface's "KYB data", in its order. */
export const KYB_FIELDS = [
  'company_name',
  'vat_number',
  'street_address',
  'zip_or_postal_code',
  'city_or_town',
  'district_or_province',
  'sdi_or_pec',
  'rea_code',
  'country_code',
] as const;
export type KybData = Record<(typeof KYB_FIELDS)[number], string>;

/** The VAT number as VIES takes it: its member-state code (`EL` for Greece, `XI` for Northern Ireland) and the number. */
export interface ViesVat {
  countryCode: string;
  vatNumber: string;
}

/** The last VIES consultation of a KYB check. */
export interface ViesConsultation {
  /** When we asked (ours, ISO 8601 UTC). */
  checked_at: string;
  /** How many times VIES was asked for this check (the first request and the worker's retries). */
  attempts: number;
  /** VIES's own date of the answer, when it answered. */
  request_date?: string;
  /** VIES's consultation number, when it gives one (only to a request naming a requester). */
  request_identifier?: string;
  /** Name and address VIES holds for the number, when the member state publishes them. */
  name?: string;
  address?: string;
  /** Why VIES could not answer (`MS_UNAVAILABLE`, `TIMEOUT`, …) while the check is PENDING. */
  fault?: string;
}

/** The `kyb` attribute of a company item. */
export interface KybRecord {
  status: KybStatus;
  data: KybData;
  /** The VAT number as VIES checks it: member-state code + number, e.g. `IT11111110018`, `EL123456783`. */
  vat: string;
  vies_country_code: string;
  vies_vat_number: string;
  /** One id per submission: the worker settles a PENDING check only while this is still the company's check. */
  check_id: string;
  submitted_by: string;
  submitted_at: string;
  updated_at: string;
  vies: ViesConsultation;
}

/** What VIES answered, in the domain's terms (lib/companies/kyb/vies.ts). */
export type ViesAnswer =
  | {
      outcome: 'valid' | 'invalid';
      requestDate?: string;
      requestIdentifier?: string;
      name?: string;
      address?: string;
    }
  | { outcome: 'unavailable'; fault: string };

/** The status an answer gives: only a refusal by VIES rejects; anything else it cannot say is PENDING. */
export const statusOf = (answer: ViesAnswer): KybStatus =>
  answer.outcome === 'valid'
    ? KybStatus.Verified
    : answer.outcome === 'invalid'
      ? KybStatus.Rejected
      : KybStatus.Pending;

/** The consultation record of an answer. */
export function consultationOf(answer: ViesAnswer, checkedAt: string, attempts: number): ViesConsultation {
  if (answer.outcome === 'unavailable') return { checked_at: checkedAt, attempts, fault: answer.fault };
  return {
    checked_at: checkedAt,
    attempts,
    ...(answer.requestDate && { request_date: answer.requestDate }),
    ...(answer.requestIdentifier && { request_identifier: answer.requestIdentifier }),
    ...(answer.name && { name: answer.name }),
    ...(answer.address && { address: answer.address }),
  };
}

/** `companyInfo` of POST /verify-business. */
export function companyInfoView(kyb: KybRecord) {
  const { data } = kyb;
  return {
    vat: kyb.vat,
    street_address: data.street_address,
    zip_or_postal_code: data.zip_or_postal_code,
    city_or_town: data.city_or_town,
    district_or_province: data.district_or_province,
    rea_code: data.rea_code,
    sdi_or_pec: data.sdi_or_pec,
    status: kyb.status,
  };
}

/** `data` of GET /kyb-data/{userId}: the nine fields as stored. */
export function kybDataView(kyb: KybRecord): KybData {
  return Object.fromEntries(KYB_FIELDS.map((field) => [field, kyb.data[field]])) as KybData;
}

/** Both KYB routes answer 406 for this (interface 4.5), also for another company's user. */
export const userNotFound = () => new NotFoundError('User not found', 'USER_NOT_FOUND');
export const kybNotFound = () => new NotFoundError('No KYB data for this user', 'KYB_DATA_NOT_FOUND');
