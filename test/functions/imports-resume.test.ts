import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../infra/local/api-gateway-event';
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

/** A JSONL import of ROWS new passports, its file uploaded, waiting for its worker. */
async function putImportOf(company: TestCompany, code: string): Promise<ImportItem> {
  const id = randomUUID();
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
  const item = newImportItem({
    id,
    company_id: company.id,
    format: 'jsonl',
    mode: 'create',
    dry_run: false,
    object_key: objectKey,
    created_at: new Date().toISOString(),
  });
  await runAs(IMPORT_WORKER_FN, () => putImport(item));
  return item;
}

/** The import's row outcomes, every page. */
async function outcomesOf(company: TestCompany, importId: string): Promise<Array<{ row: number; dppId: string }>> {
  const outcomes: Array<{ row: number; dppId: string }> = [];
  let cursor: string | undefined;
  do {
    const page: { body: { rows: Array<{ row: number; dppId: string }>; nextCursor?: string } } = await call(
      'GET',
      `/imports/${importId}/rows?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      { token: company.token },
    );
    outcomes.push(...page.body.rows);
    cursor = page.body.nextCursor;
  } while (cursor);
  return outcomes;
}

const everyRow = Array.from({ length: ROWS }, (_, i) => i + 1);

describe('an import whose worker is killed mid-batch', () => {
  let company: TestCompany;
  let item: ImportItem;
  beforeAll(async () => {
    company = await putVerifiedTestCompany('import-resume', 'Resume S.r.l.');
    item = await putImportOf(company, gtin('0801234599992'));
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
    const outcomes = await outcomesOf(company, item.id);
    expect(outcomes.map((o) => o.row).sort((a, b) => a - b)).toEqual(everyRow);
    const dppIds = new Set(outcomes.map((o) => o.dppId));
    expect(dppIds.size).toBe(ROWS);
    const listed: string[] = [];
    let cursor: string | undefined;
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

describe('an import longer than its invocation (Lambda’s 15 minutes)', () => {
  let company: TestCompany;
  let item: ImportItem;
  beforeAll(async () => {
    company = await putVerifiedTestCompany('import-handover', 'Handover S.r.l.');
    item = await putImportOf(company, gtin('0801234599985'));
  });

  it('hands over at its checkpoint when the time left runs short, and the next delivery finishes it, each row once', async () => {
    // The function itself, its invocation with 30 s left (under the 60 s a run keeps in hand):
    // the run hands over before its first batch, and the message is reported not done, so the
    // queue delivers it again.
    const { handler } = (await import('../../functions/process-import')) as {
      handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
    };
    const event = {
      Records: [
        {
          messageId: 'm-1',
          body: JSON.stringify({
            Records: [{ s3: { object: { key: `companies/${company.id}/imports/${item.id}.import` } } }],
          }),
        },
      ],
    } as SQSEvent;
    const reply = await runAs(IMPORT_WORKER_FN, () =>
      handler(event, { ...lambdaContext(IMPORT_WORKER_FN), getRemainingTimeInMillis: () => 30_000 }),
    );
    expect(reply.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
    expect(await runAs(IMPORT_WORKER_FN, () => readImport(company.id, item.id, true))).toMatchObject({
      status: 'running',
      next_row: 1,
    });

    // A run whose time runs short after two batches: it stops at its checkpoint, row 51.
    let batches = 0;
    const first = await runAs(IMPORT_WORKER_FN, () =>
      runImport(company.id, item.id, {
        remainingMs: () => (batches >= 2 ? 59_000 : 600_000),
        reserveMs: 60_000,
        beforeCheckpoint: () => {
          batches += 1;
        },
      }),
    );
    expect(first).toBe('handed_over');
    expect(await runAs(IMPORT_WORKER_FN, () => readImport(company.id, item.id, true))).toMatchObject({
      status: 'running',
      next_row: 51,
      rows: 50,
      created: 50,
    });

    expect(await runAs(IMPORT_WORKER_FN, () => runImport(company.id, item.id, { remainingMs: () => 600_000 }))).toBe(
      'finished',
    );
    const done = await call('GET', `/imports/${item.id}`, { token: company.token });
    expect(done.body).toMatchObject({ status: 'done', rows: ROWS, created: ROWS, failed: 0, percent: 100 });
    const outcomes = await outcomesOf(company, item.id);
    expect(outcomes.map((o) => o.row).sort((a, b) => a - b)).toEqual(everyRow);
    expect(new Set(outcomes.map((o) => o.dppId)).size).toBe(ROWS);
  }, 120_000);
});
