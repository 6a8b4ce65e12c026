import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '../../infra/local/iam/runtime';
import { type ImportItem, newImportItem } from '../../lib/imports/model';
import { putImport, readImport } from '../../lib/imports/repository';
import { runImport } from '../../lib/imports/run-import';
import { IMPORT_WORKER_FN } from '../../lib/imports/worker';
import { call, localBucketClient, localEnv, putVerifiedTestCompany, type TestCompany } from '../support/api';

/**
 * The import worker killed mid-batch (after the batch's passports are written, before its
 * checkpoint) and run again, as the queue redelivers it: it resumes at the checkpoint, and
 * every row ends written exactly once (lib/imports/run-import.ts). The run is the worker's own
 * code in this process (as `npm run invoke` runs a worker), signed as the worker; its object's
 * key has no `.import` suffix, so the local queue does not run it besides.
 */
const MODEL = '01a29000-0000-7000-8000-00000000c002';
const ROWS = 120;

beforeAll(() => {
  Object.assign(process.env, localEnv);
});

function gtin(body13: string): string {
  const digits = body13.split('').map(Number);
  const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return `${body13}${(10 - (sum % 10)) % 10}`;
}

describe('an import whose worker is killed mid-batch', () => {
  let company: TestCompany;
  let item: ImportItem;
  beforeAll(async () => {
    company = await putVerifiedTestCompany('import-resume', 'Resume S.r.l.');
    const id = randomUUID();
    const code = gtin('0801234599992');
    const lines = Array.from({ length: ROWS }, (_, i) =>
      JSON.stringify({
        name: `Cell ${i + 1}`,
        type: 'battery',
        code,
        model_id: MODEL,
        language: 'en',
        serial: `R${i + 1}`,
      }),
    );
    const objectKey = `companies/${company.id}/imports/${id}.jsonl`;
    await localBucketClient().send(
      new PutObjectCommand({ Bucket: localEnv.BUCKET_NAME, Key: objectKey, Body: `${lines.join('\n')}\n` }),
    );
    item = newImportItem({
      id,
      company_id: company.id,
      format: 'jsonl',
      mode: 'create',
      dry_run: false,
      object_key: objectKey,
      created_at: new Date().toISOString(),
    });

    await runAs(IMPORT_WORKER_FN, () => putImport(item));
  });

  it('resumes at its checkpoint when delivered again, every row written once and counted once', async () => {
    // Killed after the third batch's writes (rows 51-75), before its checkpoint.
    const killed = runAs(IMPORT_WORKER_FN, () =>
      runImport(company.id, item.id, {
        beforeCheckpoint: (first) => {
          if (first === 51) throw new Error('the worker is gone');
        },
      }),
    );
    await expect(killed).rejects.toThrow('the worker is gone');
    const halfway = await runAs(IMPORT_WORKER_FN, () => readImport(company.id, item.id, true));
    expect(halfway).toMatchObject({ status: 'running', next_row: 51, rows: 50, created: 50 });

    await runAs(IMPORT_WORKER_FN, () => runImport(company.id, item.id));
    const done = await call('GET', `/imports/${item.id}`, { token: company.token });
    expect(done.body).toMatchObject({ status: 'done', rows: ROWS, created: ROWS, failed: 0, percent: 100 });

    // The invariants: one outcome per row, one passport per row, the company's passports exactly these.
    const outcomes: Array<{ row: number; dppId: string }> = [];
    let cursor: string | undefined;
    do {
      const page: { body: { rows: Array<{ row: number; dppId: string }>; nextCursor?: string } } = await call(
        'GET',
        `/imports/${item.id}/rows?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        {
          token: company.token,
        },
      );
      outcomes.push(...page.body.rows);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(outcomes.map((o) => o.row).sort((a, b) => a - b)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    const dppIds = new Set(outcomes.map((o) => o.dppId));
    expect(dppIds.size).toBe(ROWS);
    const listed: string[] = [];
    cursor = undefined;
    do {
      const page: { body: { dpps: Array<{ id: string }>; nextCursor?: string } } = await call(
        'GET',
        `/dpps?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        { token: company.token },
      );
      listed.push(...page.body.dpps.map((d) => d.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(new Set(listed)).toEqual(dppIds);
  }, 120_000);
});
