import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { bucket } from '../aws/s3';
import { isPublished } from '../dpps/model';
import { ConflictError, type ErrorDetail } from '../errors';
import { contentDisposition } from '../files/content-disposition';
import { objectKeys } from '../files/object-keys';
import { SIGNED_URL_TTL_SECONDS } from '../limits';
import { logger } from '../logger';
import { RECORDS_PER_FILE, type RegistryRecord, registryRecordOf } from './model';
import { advanceExportState, readDppsChangedSince, readExportState, readRecordSources } from './repository';

/** No body, no parameters: the export is the token's company's. */
export const createRegistryExportInput = v.object({});

/** A passport changed since the last export that is not in this one, and why. */
interface Skipped {
  dpp_id: string;
  reason: 'not_published' | 'incomplete';
  missing?: ErrorDetail[];
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * POST /registry-exports: the EU registry upload files of every passport of the caller's company
 * registered (created) or changed since its last export (docs/behaviour.md, Bulk registration):
 * JSON files of at most RECORDS_PER_FILE records each (the registry's limit per file), a JSON
 * array of records, in the bucket behind links signed for SIGNED_URL_TTL_SECONDS. A passport
 * changed since is left out, and listed in `skipped`, while it is not published or its record
 * lacks a part (each named). "Since" is the company's export state (one item,
 * docs/data-model.md): the export takes the DPPs whose `updated_at` is after the last export's
 * `until` and moves the state to its own start, in ONE write conditioned on the state it read,
 * so two exports at once do not both cover the same changes: the second is 409
 * EXPORT_CONFLICT, and its files are deleted. A passport changed while an export runs is in the
 * next one too (at least once, never lost).
 */
export async function createRegistryExport(auth: Principal, _input: v.InferOutput<typeof createRegistryExportInput>) {
  const until = new Date().toISOString();
  const exportId = uuidv7();
  const previous = await readExportState(auth.companyId);
  const since = previous?.until;
  const dpps = await readDppsChangedSince(auth.companyId, since);
  const { company, templates } = await readRecordSources(
    auth.companyId,
    dpps.flatMap((dpp) => (dpp.template_id ? [dpp.template_id] : [])),
  );

  const records: Array<{ dpp_id: string; record: RegistryRecord }> = [];
  const skipped: Skipped[] = [];
  for (const dpp of dpps) {
    if (!isPublished(dpp)) {
      skipped.push({ dpp_id: dpp.id, reason: 'not_published' });
      continue;
    }
    const outcome = registryRecordOf(dpp, company, dpp.template_id ? templates.get(dpp.template_id) : undefined);
    if ('missing' in outcome) skipped.push({ dpp_id: dpp.id, reason: 'incomplete', missing: outcome.missing });
    else records.push({ dpp_id: dpp.id, record: outcome.record });
  }

  const parts = chunks(records, RECORDS_PER_FILE).map((part, i) => ({
    key: objectKeys.registryExport(auth.companyId, exportId, i + 1),
    name: `registry-export-${exportId}-part-${i + 1}.json`,
    part,
  }));
  await Promise.all(
    parts.map(({ key, part }) =>
      bucket.put(key, Buffer.from(JSON.stringify(part.map((entry) => entry.record))), 'application/json'),
    ),
  );
  if (!(await advanceExportState(auth.companyId, previous, { export_id: exportId, until }))) {
    await Promise.all(
      parts.map(({ key }) =>
        bucket.delete(key).catch((error: Error) => logger.warn('could not delete a lost export file', { key, error })),
      ),
    );
    throw new ConflictError('another export of the company ran at the same time: export again', 'EXPORT_CONFLICT');
  }

  const expiresAt = new Date(Date.now() + SIGNED_URL_TTL_SECONDS * 1000).toISOString();
  return {
    export_id: exportId,
    since: since ?? null,
    until,
    record_count: records.length,
    files: await Promise.all(
      parts.map(async ({ key, name, part }) => ({
        url: await bucket.signedGetUrl(key, SIGNED_URL_TTL_SECONDS, contentDisposition('attachment', name)),
        records: part.length,
        dpp_ids: part.map((entry) => entry.dpp_id),
        expires_at: expiresAt,
      })),
    ),
    skipped,
  };
}
