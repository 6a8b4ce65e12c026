/**
 * `npm run bench:import`: the bulk import's throughput and memory against DynamoDB Local, with
 * its floor, for docs/performance.md (Bulk import). Not a test: timings are noisy, and a run of
 * 100,000 rows takes a while.
 *
 * For each size (rows of profiled EV battery passports: lib/profiles/data/examples/battery-passport-ev.json,
 * each row its own serial and identifiers), in one run, on one DynamoDB Local (on disk) and one
 * S3 stand-in:
 *   - the worker: a JSONL file uploaded and imported (`create`) by the worker's own code in a
 *     process of its own (scripts/bench/import-worker.ts), into a fresh table; its rows per second
 *     and its peak RSS;
 *   - the floor: the very items the worker writes for those rows (each passport, its product and
 *     Digital Link entries, its dynamic attributes' history entries, its row's outcome), made
 *     by the same model functions and written with raw BatchWriteItem, 25 a request, one request
 *     at a time as the worker's batches are, into another fresh table;
 *   - the worker's rows per second as a percentage of the floor's, and the write units a row takes.
 *
 *   npm run bench:import
 *   npm run bench:import -- --rows 1000,10000 --keep --dir /tmp
 *   npm run bench:import -- --rows 100000 --dry-run     (the worker's memory over a large file, no floor)
 *   npm run bench:import -- --rows 10000 --node-options ''   (the worker with Node's default heap sizing)
 *
 * The worker runs with the Node options its function has (IMPORT_WORKER_NODE_OPTIONS: its heap
 * bounded), unless --node-options says otherwise; its peak RSS is its own (VmHWM), not the parent's.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { v7 as uuidv7 } from 'uuid';
import { loadBootstrap, loadEngines } from '../infra/local';
import { toCompanyItem } from '../lib/companies/model';
import * as keys from '../lib/data/keys';
import { aspectChangeItems } from '../lib/dpp-aspects/write-aspect';
import { searchIdOf } from '../lib/dpps/gtin';
import { manufacturerOf, toDppLinkItem } from '../lib/dpps/link';
import { toDppItem } from '../lib/dpps/model';
import { newImportItem } from '../lib/imports/model';
import { toProductItem } from '../lib/imports/repository';
import { IMPORT_WORKER_NODE_OPTIONS } from '../lib/imports/worker';
import { profileById } from '../lib/profiles/catalogue';
import example from '../lib/profiles/data/examples/battery-passport-ev.json';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000,100000' },
    keep: { type: 'boolean', default: false },
    // The worker alone, validating every row and computing its completeness, writing no passport (its memory, quickly).
    'dry-run': { type: 'boolean', default: false },
    // The worker process's Node options (its V8 heap's bounds): its function's by default, '' for Node's own sizing.
    'node-options': { type: 'string', default: IMPORT_WORKER_NODE_OPTIONS },
    // Where the file and the S3 stand-in's objects go.
    dir: { type: 'string', default: existsSync('/dev/shm') ? '/dev/shm' : tmpdir() },
  },
});
const sizes = (values.rows ?? '').split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--rows: sizes, such as 10000,100000');
const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

const profile = profileById('battery-passport');
if (!profile) throw new Error('no battery-passport profile');
const MODEL = '01a29000-0000-7000-8000-00000000b001';
const REGION = 'eu-central-1';
const BUCKET = 'bench-import';

/** A valid GTIN-14 (GS1 check digit) from 13 digits. */
function gtin(body13: string): string {
  const digits = body13.split('').map(Number);
  const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return `${body13}${(10 - (sum % 10)) % 10}`;
}
const CODE = gtin('0401234500001');

/** Row i's aspects: the EV example with the row's own identifiers and state of charge. */
function aspectsOf(i: number): Record<string, Record<string, unknown>> {
  const aspects = structuredClone(example.aspects) as Record<string, Record<string, unknown>>;
  Object.assign(aspects.GeneralProductInformation as object, {
    batteryPassportIdentifier: `urn:voltacells:bench${i}`,
    productIdentifier: `VC-BENCH-${i}`,
  });
  const condition = (aspects.PerformanceAndDurability as { batteryCondition: { stateOfCharge: object } })
    .batteryCondition;
  condition.stateOfCharge = { stateOfChargeValue: i % 100, lastUpdate: '2027-03-01T08:00:00Z' };
  return aspects;
}
const serialOfRow = (i: number) => `B${i}`;

async function writeJsonl(path: string, rows: number): Promise<number> {
  const out = createWriteStream(path);
  for (let i = 1; i <= rows; i++) {
    const line = `${JSON.stringify({
      name: `EV pack ${i}`,
      description: 'NMC811 pack, 75 kWh',
      type: 'battery',
      code: CODE,
      model_id: MODEL,
      language: 'en',
      serial: serialOfRow(i),
      aspects: aspectsOf(i),
    })}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return (await stat(path)).size;
}

/** DynamoDB's write units of an item (1 KB each, rounded up), from its JSON size (close to its stored size). */
const units = (item: object) => Math.ceil(Buffer.byteLength(JSON.stringify(item)) / 1024);

/** The items the worker writes for row i, made by the same model functions. */
function rowItems(companyId: string, importId: string, i: number, company: { name: string; country_code: string }) {
  const id = uuidv7();
  const now = new Date().toISOString();
  const aspects = aspectsOf(i);
  const item = toDppItem({
    id,
    company_id: companyId,
    model_id: MODEL,
    code: CODE,
    search_id: searchIdOf(CODE, serialOfRow(i)),
    name: `EV pack ${i}`,
    description: 'NMC811 pack, 75 kWh',
    dpp_type: 'battery',
    language: 'en',
    company_name: company.name,
    company_country: company.country_code,
    profile: 'battery-passport',
    category: 'ev',
    aspects,
    aspects_revision: 1,
    published: false,
    created_at: now,
    updated_at: now,
  });
  const history = (profile as NonNullable<typeof profile>).aspects.flatMap((aspect) =>
    aspects[aspect.id] === undefined
      ? []
      : aspectChangeItems(item, aspect, undefined, aspects[aspect.id], { revision: 1, at: now, by: 'bench' }),
  );
  // Numbered across the aspects, as the worker numbers them.
  for (const [n, change] of history.entries()) Object.assign(change, keys.aspectChange(id, 1, n));
  return [
    item,
    toProductItem(companyId, CODE, serialOfRow(i), id, importId, i),
    toDppLinkItem(item, { manufacturer: manufacturerOf(company) }),
    ...history,
    { ...keys.importRow(importId, 'created', i), type: keys.ItemType.ImportRow, row: i, status: 'created', dppId: id },
  ].filter((x): x is NonNullable<typeof x> => x !== undefined) as Array<Record<string, unknown>>;
}

interface Result {
  rows: number;
  fileMiB: number;
  workerMs: number;
  workerProcessMs: number;
  peakRssMiB: number;
  peakHeapMiB: number;
  cpuMsPerRow: number;
  floorMs: number;
  itemsPerRow: number;
  unitsPerRow: number;
}

const dir = await mkdtemp(join(values.dir ?? tmpdir(), 'bench-import-'));
log(`starting DynamoDB Local (in memory) and the S3 stand-in (under ${dir})`);
// In memory: on a file (even on a tmpfs) each item a BatchWriteItem puts is a commit of its own, where a transaction's items are one: the floor would measure SQLite's commits.
const { S3_LOCAL_CREDENTIALS, startDynamoDb, startS3 } = await loadEngines();
const { ensureTableAndBucket, localClients } = await loadBootstrap();
// A fresh engine for each measurement (the worker's, the floor's, each size's): DynamoDB Local
// slows down as it holds more items, in any table, so a floor after the worker's run (or a
// second size after the first) would be measured on a fuller engine.
let dynamodb = await startDynamoDb({});
const freshDynamoDb = async () => {
  await dynamodb.stop();
  dynamodb = await startDynamoDb({});
  baseEnv.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  return localClients({ ...baseEnv });
};
const s3 = await startS3({ directory: join(dir, 's3') });
const baseEnv = {
  AWS_REGION: REGION,
  AWS_ACCESS_KEY_ID: S3_LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3_LOCAL_CREDENTIALS.secretAccessKey,
  DYNAMODB_ENDPOINT: dynamodb.endpoint,
  S3_ENDPOINT: s3.endpoint,
  BUCKET_NAME: BUCKET,
  LOG_LEVEL: 'WARN',
  METRICS_OUTPUT: 'log',
};
const results: Result[] = [];
const dryRun = values['dry-run'] ?? false;
try {
  for (const rows of sizes) {
    const workerTable = `bench-worker-${rows}`;
    const floorTable = `bench-floor-${rows}`;
    let clients = rows === sizes[0] ? localClients({ ...baseEnv }) : await freshDynamoDb();
    await ensureTableAndBucket(clients, workerTable, BUCKET);
    const company = { name: 'Volta Cells GmbH', country_code: 'DE' };
    const companyId = randomUUID();
    await clients.doc.send(
      new PutCommand({
        TableName: workerTable,
        Item: {
          ...toCompanyItem({ id: companyId, ...company, created_at: new Date().toISOString() }),
          kyb: { status: 'VERIFIED' },
        },
      }),
    );

    const file = join(dir, `rows-${rows}.jsonl`);
    const bytes = await writeJsonl(file, rows);
    log(`${rows} rows: ${(bytes / 2 ** 20).toFixed(0)} MiB of JSONL; uploading`);
    const importId = uuidv7();
    const objectKey = `companies/${companyId}/imports/${importId}.jsonl`;
    await clients.s3.send(
      // Whole (the parent's memory, not the worker's): the SDK's streamed upload is refused by the S3 stand-in.
      new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, Body: await readFile(file) }),
    );
    const imp = newImportItem({
      id: importId,
      company_id: companyId,
      format: 'jsonl',
      mode: 'create',
      dry_run: dryRun,
      profile: 'battery-passport',
      category: 'ev',
      created_by: 'bench',
      object_key: objectKey,
      created_at: new Date().toISOString(),
    });

    await clients.doc.send(new PutCommand({ TableName: workerTable, Item: imp }));

    log(`${rows} rows: the worker`);
    const started = performance.now();
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [
          ...(values['node-options'] ?? '').split(/\s+/).filter(Boolean),
          '--import',
          'tsx',
          'scripts/bench/import-worker.ts',
          companyId,
          importId,
        ],
        { env: { ...process.env, ...baseEnv, TABLE_NAME: workerTable }, maxBuffer: 2 ** 24 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      ),
    );
    const workerProcessMs = performance.now() - started;
    const {
      ms: workerMs,
      peakRssMiB,
      peakHeapMiB,
      cpuMs,
      atPeakMiB,
      redeliveries,
    } = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
      ms: number;
      peakRssMiB: number;
      peakHeapMiB: number;
      cpuMs: number;
      atPeakMiB: Record<string, number>;
      /** Runs that threw and were delivered again (scripts/bench/import-worker.ts), as the queue would. */
      redeliveries: number;
    };
    const { Item: done } = await clients.doc.send(
      new GetCommand({
        TableName: workerTable,
        Key: keys.bulkImport(companyId, importId),
      }),
    );
    if (done?.status !== 'done' || done.created !== rows || done.rows !== rows)
      throw new Error(`the worker's import ended ${JSON.stringify({ ...done, columns: undefined })}`);
    log(
      `${rows} rows: the worker took ${(workerMs / 1000).toFixed(1)} s (${(cpuMs / rows).toFixed(2)} ms of its CPU a row), peak RSS ${peakRssMiB.toFixed(0)} MiB, peak heap ${peakHeapMiB.toFixed(0)} MiB; at the largest RSS sampled: ${JSON.stringify(atPeakMiB)}; delivered again ${redeliveries} times`,
    );

    // What the worker's run measured; the floor's figures follow unless it is a dry run.
    const worker = {
      rows,
      fileMiB: bytes / 2 ** 20,
      workerMs,
      workerProcessMs,
      peakRssMiB,
      peakHeapMiB,
      cpuMsPerRow: cpuMs / rows,
    };
    if (dryRun) {
      results.push({ ...worker, floorMs: Number.NaN, itemsPerRow: Number.NaN, unitsPerRow: Number.NaN });
      await rm(file, { force: true });
      continue;
    }
    log(`${rows} rows: the floor (BatchWriteItem of the same items), on a fresh DynamoDB Local`);
    clients = await freshDynamoDb();
    await ensureTableAndBucket(clients, floorTable, BUCKET);
    const floorCompany = randomUUID();
    const floorImport = uuidv7();
    let items = 0;
    let writeUnits = 0;
    const floorStarted = performance.now();
    let pending: Array<Record<string, unknown>> = [];
    const flush = async (all: boolean) => {
      while (pending.length >= (all ? 1 : 25)) {
        let batch = pending.splice(0, 25);
        while (batch.length > 0) {
          const reply = await clients.doc.send(
            new BatchWriteCommand({ RequestItems: { [floorTable]: batch.map((Item) => ({ PutRequest: { Item } })) } }),
          );
          batch = (reply.UnprocessedItems?.[floorTable] ?? []).map(
            (r) => r.PutRequest?.Item as Record<string, unknown>,
          );
        }
      }
    };
    for (let i = 1; i <= rows; i++) {
      if (i % Math.ceil(rows / 10) === 0)
        log(`${rows} rows: the floor at ${i}, ${((performance.now() - floorStarted) / 1000).toFixed(0)} s`);
      const made = rowItems(floorCompany, floorImport, i, company);
      items += made.length;
      for (const item of made) writeUnits += units(item);
      pending.push(...made);
      await flush(false);
    }
    await flush(true);
    const floorMs = performance.now() - floorStarted;
    log(`${rows} rows: the floor took ${(floorMs / 1000).toFixed(1)} s`);
    results.push({
      ...worker,
      floorMs,
      itemsPerRow: items / rows,
      unitsPerRow: writeUnits / rows,
    });
    await rm(file, { force: true });
    pending = [];
  }
} finally {
  await Promise.allSettled([dynamodb.stop(), s3.stop()]);
  if (!values.keep) await rm(dir, { recursive: true, force: true });
}

const rate = (rows: number, ms: number) => rows / (ms / 1000);
console.log(
  [
    '| rows | JSONL | worker | worker rows/s | worker CPU a row | floor | floor rows/s | worker / floor | worker peak RSS | worker peak heap | items a row | write units a row |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.rows.toLocaleString('en')} | ${r.fileMiB.toFixed(0)} MiB | ${(r.workerMs / 1000).toFixed(1)} s | ${rate(r.rows, r.workerMs).toFixed(0)} | ${r.cpuMsPerRow.toFixed(2)} ms | ` +
        `${(r.floorMs / 1000).toFixed(1)} s | ${rate(r.rows, r.floorMs).toFixed(0)} | ${((100 * r.floorMs) / r.workerMs).toFixed(0)} % | ` +
        `${r.peakRssMiB.toFixed(0)} MiB | ${r.peakHeapMiB.toFixed(0)} MiB | ${r.itemsPerRow.toFixed(1)} | ${r.unitsPerRow.toFixed(1)} |`,
    ),
  ].join('\n'),
);
console.log(`\n${JSON.stringify(results)}`);
