import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import type { CompanyItem } from '../companies/model';
import { and, eq, gt, indexPrefix, noItem, ofCompany, set, update, where } from '../data/expressions';
import * as keys from '../data/keys';
import { gsi1, ItemType } from '../data/keys';
import { transactWithConditions } from '../data/transaction';
import type { DppItem, DppRegistration } from '../dpps/model';
import type { TemplateItem } from '../templates/model';
import type { DppVersionItem } from '../versions/model';
import { REGISTRY_EXPORT_TYPE, type RegistrationProofItem, type RegistryExportItem } from './model';

/**
 * Every table access of the EU registry's routes (docs/data-model.md, EU registry): the DPP with
 * its company and template, the version a proof names, the proof and the registration, the
 * company's export state and its changed passports.
 */

/** What a passport's record is made from: its company's operator id and its template's defaults. */
export interface RecordSources {
  company?: Pick<CompanyItem, 'economic_operator_id'>;
  template?: Pick<TemplateItem, 'commodity_code' | 'facility_id'>;
}

/**
 * The company and the templates its DPPs name: ONE BatchGetItem (one per 100 keys). A template of another
 * company (an imported DPP may name one) gives no defaults.
 */
export async function readRecordSources(companyId: string, templateIds: readonly string[]) {
  const wanted = [keys.company(companyId), ...[...new Set(templateIds)].map(keys.template)];
  // BatchGetItem takes 100 keys a request: a company's templates past that take more requests, at once.
  const batches = Array.from({ length: Math.ceil(wanted.length / 100) }, (_, i) =>
    wanted.slice(i * 100, (i + 1) * 100),
  );
  const items = (await Promise.all(batches.map((batch) => table.batchGet(batch)))).flat();
  const company = items.find((item) => item.type === ItemType.Company) as CompanyItem | undefined;
  const templates = new Map(
    (
      items.filter(
        (item) => item.type === ItemType.Template && item.company_id === companyId,
      ) as unknown as TemplateItem[]
    ).map((template) => [template.id, template]),
  );
  return { company, templates };
}

/** Version `version` of a DPP, for the hash its proof must carry: ONE GetItem. */
export const readVersion = (dppId: string, version: number): Promise<DppVersionItem | undefined> =>
  table.get<DppVersionItem>(keys.dppVersion(dppId, version), { consistent: true });

/**
 * Stores a registration: the DPP's `registration` and the proof's item, in ONE transaction
 * conditioned on the DPP being the company's and the version still being the one checked (its
 * hash). Answers false when a condition failed (the DPP is not the company's, or is gone).
 */
export async function storeRegistration(
  dppId: string,
  companyId: string,
  registration: DppRegistration,
  proof: RegistrationProofItem,
  versionHash: string,
): Promise<'stored' | 'dpp_not_found' | 'version_changed'> {
  const failed = await transactWithConditions([
    {
      update: keys.dpp(dppId),
      set: update(set('registration', registration)),
      condition: where(ofCompany(companyId)),
    },
    {
      check: keys.dppVersion(dppId, registration.version),
      condition: where(eq('content_hash', versionHash)),
    },
    { put: proof as unknown as Record<string, unknown> },
  ]);
  if (failed.includes(0)) return 'dpp_not_found';
  if (failed.length > 0) return 'version_changed';
  return 'stored';
}

/** A company's export state: ONE GetItem, strongly consistent (the last export's own write). */
export const readExportState = (companyId: string): Promise<RegistryExportItem | undefined> =>
  table.get<RegistryExportItem>(keys.registryExportState(companyId), { consistent: true });

/**
 * The company's DPPs changed after `since` (every one without it): a Query of the company's
 * gsi1 partition (`DPP#` prefix) with a filter on `updated_at`, across its pages. No Scan; it
 * reads (and pays for) every DPP of the company, and returns those the filter keeps.
 */
export const readDppsChangedSince = (companyId: string, since: string | undefined): Promise<DppItem[]> => {
  const partition = gsi1.companyDpps(companyId);
  return table.queryAll<DppItem>({
    index: gsi1.name,
    keyCondition: indexPrefix(partition.gsi1pk, partition.prefix),
    ...(since !== undefined && { filter: where(gt('updated_at', since)) }),
  });
};

/**
 * Moves a company's export state to a new export: ONE write conditioned on the state being the
 * one the export started from (absent for the first), so two exports at once never both cover
 * the same changes. False when another export moved it first.
 */
export async function advanceExportState(
  companyId: string,
  previous: RegistryExportItem | undefined,
  next: { export_id: string; until: string },
): Promise<boolean> {
  const key = keys.registryExportState(companyId);
  try {
    await table.update(
      key,
      update(
        set('type', REGISTRY_EXPORT_TYPE),
        set('company_id', companyId),
        set('export_id', next.export_id),
        set('until', next.until),
        set('exports', (previous?.exports ?? 0) + 1),
      ),
      previous === undefined ? noItem() : where(and(eq('export_id', previous.export_id), eq('until', previous.until))),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
