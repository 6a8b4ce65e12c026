import * as v from 'valibot';
import { accessValue } from '../access-tiers/read-access';
import type { CompanyItem } from '../companies/model';
import { type DppItem, isPublished } from '../dpps/model';
import { NotFoundError } from '../errors';
import { ISO_639_1 } from '../languages';
import { versionUri } from '../links';
import { lifecycleView } from '../profiles/lifecycle-view';
import { SUMMARIES } from '../profiles/summaries';
import { passportIdentityOf } from '../registry/model';
import { readRecordSources } from '../registry/repository';
import type { TemplateItem } from '../templates/model';

/**
 * The passport API of EN 18222 (docs/behaviour.md, The passport API): a passport as its
 * operations answer it, the EN 18223 header beside its data elements. The header comes from the
 * same facts as the EU registry record (passportIdentityOf); the elements from the views the rest
 * of the service already serves (lib/dpps/view-dpp.ts for readers, the DPP item for its company).
 */

/** The version of the passport document this API answers (`dppSchemaVersion`). */
export const PASSPORT_SCHEMA_VERSION = '1.0.0';

/** `representation`: `compressed` (the default) is the header and the passport's own data; `full` adds its parts. */
export const REPRESENTATIONS = ['compressed', 'full'] as const;
export type Representation = (typeof REPRESENTATIONS)[number];

/** The query and headers of every read: the representation, and an access grant's value like the public routes'. */
export const readQuery = {
  representation: v.optional(v.picklist(REPRESENTATIONS, 'must be compressed or full'), 'compressed'),
  access: accessValue,
};
export const readHeaders = {
  language: v.optional(v.picklist(ISO_639_1, 'must be an ISO 639-1 code in lowercase, such as en or fr'), 'en'),
  'x-dpp-access': accessValue,
};

/**
 * `dppStatus`: `active` published; `inactive` published but its product's life ended (ceased, or
 * replaced by a successor); `archived` withdrawn by DELETE /v1/dpps/{dppId}, every version kept;
 * `draft` not published yet (or withdrawn by `PUT /dpps/{dppId}`). Only the company sees the last two.
 */
export const DPP_STATUSES = ['draft', 'active', 'inactive', 'archived'] as const;
export type DppStatus = (typeof DPP_STATUSES)[number];

export function dppStatusOf(dpp: DppItem): DppStatus {
  if (!isPublished(dpp)) return dpp.archived_at === undefined ? 'draft' : 'archived';
  return dpp.ceased_at !== undefined || dpp.replaced_by !== undefined ? 'inactive' : 'active';
}

/** What the header reads besides the DPP: its company and its template (ONE BatchGetItem). */
export interface HeaderSources {
  company?: Pick<CompanyItem, 'economic_operator_id' | 'name' | 'country_code'>;
  template?: Pick<TemplateItem, 'commodity_code' | 'facility_id'>;
}

export async function readHeaderSources(dpp: DppItem): Promise<HeaderSources> {
  const { company, templates } = await readRecordSources(dpp.company_id, dpp.template_id ? [dpp.template_id] : []);
  return { company, template: dpp.template_id ? templates.get(dpp.template_id) : undefined };
}

/** The EN 18223 header of a passport. */
export function headerOf(dpp: DppItem, sources: HeaderSources, lastUpdate = dpp.updated_at) {
  const identity = passportIdentityOf(dpp, sources.company, sources.template);
  const profile = SUMMARIES.find((summary) => summary.id === dpp.profile);
  return {
    digitalProductPassportId: dpp.id,
    uniqueProductIdentifier: identity.upi ?? null,
    granularity: identity.granularity.toLowerCase() as 'model' | 'batch' | 'item',
    dppSchemaVersion: PASSPORT_SCHEMA_VERSION,
    dppStatus: dppStatusOf(dpp),
    lastUpdate,
    economicOperatorId: identity.operatorId ?? null,
    facilityId: identity.facility ?? null,
    // The sector profile the passport follows, with its version (docs/profiles.md); none without one.
    contentSpecificationIds: profile ? [`${profile.id}@${profile.version}`] : [],
  };
}

export type PassportHeader = ReturnType<typeof headerOf>;

/** A version as a passport names it: its number, its document's SHA-256, when it was taken, and its document's URI. */
export const versionRef = (dppId: string, version: { version: number; content_hash: string; created_at: string }) => ({
  number: version.version,
  hash: version.content_hash,
  createdAt: version.created_at,
  uri: versionUri(dppId, version.version),
});

/**
 * The data elements of a passport as the company itself reads them: its own fields, its profile
 * (`{id, name, version}`), category and aspect documents whole, as stored (what `GET
 * /dpps/{dppId}/aspects/{aspect}` answers the company), and its lifecycle. What the writes answer.
 * No catalogue read: a write's bundle carries no profile's attributes it does not validate with.
 */
export function companyElements(dpp: DppItem, sources: HeaderSources): Record<string, unknown> {
  const lifecycle = lifecycleView(dpp);
  const summary = SUMMARIES.find((s) => s.id === dpp.profile);
  return {
    name: dpp.name,
    description: dpp.description,
    type: dpp.dpp_type,
    language: dpp.language,
    commodityCode: dpp.commodity_code ?? sources.template?.commodity_code ?? null,
    ...(summary && {
      profile: { id: summary.id, name: summary.name, version: summary.version },
      ...(dpp.category !== undefined && { category: dpp.category }),
      aspects: dpp.aspects ?? {},
    }),
    ...(lifecycle && { lifecycle }),
  };
}

/** An element path: 1 to 20 segments of 1 to 100 characters (letters, digits, `.`, `_`, `~`, `-`), slash-separated. */
export const elementPath = v.pipe(
  v.string(),
  v.regex(
    /^[A-Za-z0-9._~-]{1,100}(\/[A-Za-z0-9._~-]{1,100}){0,19}$/,
    'must be an element path: 1 to 20 segments of letters, digits, ., _, ~ or - separated by /',
  ),
  v.examples(['name', 'aspects/GeneralProductInformation', 'files/0/name']),
);

export const elementNotFound = () =>
  new NotFoundError('The passport has no such element, or none the reader may see', 'ELEMENT_NOT_FOUND');
