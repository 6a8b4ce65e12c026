/**
 * `npm run bench:backup -- [--seconds N] [--concurrency C]`: the back-up copy's replication lag
 * (its recovery point, RPO) under a write load, on a local stack of its own with its back-up
 * (`npm start -- --backup`, loopback only). C writers add tech cards to the demo passports
 * through the primary's API for N seconds (10 s at 8 by default: each card is a new item, and a
 * DPP's `updated_at` changes with it), and a reader polls the back-up's table for each card
 * from the moment its write was answered. A card's lag is the time from that answer to the first
 * read that found it on the back-up; the report gives the throughput, the lag's percentiles and
 * maximum, how long the back-up took to catch up after the load stopped, and the objects' copies
 * (the local stand-in of S3 replication). Figures in docs/deploy.md (The back-up copy).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BatchGetItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { loadLocalStack } from '../infra/local';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
if (!(seconds > 0 && Number.isInteger(concurrency) && concurrency > 0)) {
  console.error('--seconds must be a positive number and --concurrency a positive whole number');
  process.exit(2);
}

const DEMO = {
  apiKey: 'demo-acme-api-key',
  wallet: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  dpps: ['01a19656-4a8b-7000-8000-000000000011', '01a19656-4a94-7000-8000-000000000020'],
};

const dir = await mkdtemp(join(tmpdir(), 'dpp-bench-backup-'));
const { startLocalStack } = await loadLocalStack();
console.error('starting a local stack with its back-up…');
const stack = await startLocalStack({ port: 0, dir, backup: true, logLevel: 'SILENT' });
const backup = stack.backup;
if (!stack.apiUrl || !backup) throw new Error('the stack has no API or no back-up');
const api = stack.apiUrl;

const token = (
  (await (await fetch(`${api}/generateJWT/${DEMO.apiKey}/${DEMO.wallet}`)).json()) as { authToken: string }
).authToken;

/** The back-up's table, read directly (what its API would read), with the engine's own key. */
const table = new DynamoDBClient({
  region: backup.env.AWS_REGION,
  endpoint: backup.env.DYNAMODB_ENDPOINT,
  credentials: {
    accessKeyId: backup.env.AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: backup.env.AWS_SECRET_ACCESS_KEY ?? '',
  },
});
const tableName = backup.env.TABLE_NAME ?? '';

interface Pending {
  dppId: string;
  cardId: string;
  answeredAt: number;
}
const pending = new Map<string, Pending>();
const lags: number[] = [];
let failedWrites = 0;
let writes = 0;
let stopping = false;

async function writer(index: number): Promise<void> {
  for (let n = 0; !stopping; n++) {
    const dppId = DEMO.dpps[(index + n) % DEMO.dpps.length] ?? '';
    const response = await fetch(`${api}/dpps/${dppId}/cards`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `bench ${index}-${n}` }),
    });
    const answeredAt = Date.now();
    if (response.status !== 200) {
      failedWrites++;
      await response.body?.cancel();
      continue;
    }
    const { card } = (await response.json()) as { card: { id: string } };
    writes++;
    pending.set(card.id, { dppId, cardId: card.id, answeredAt });
  }
}

/** Polls the back-up for the cards written and not seen yet, 100 keys a request. */
async function reader(): Promise<void> {
  while (!stopping || pending.size > 0) {
    const batch = [...pending.values()].slice(0, 100);
    if (batch.length === 0) {
      await new Promise((wake) => setTimeout(wake, 10));
      continue;
    }
    const { Responses } = await table.send(
      new BatchGetItemCommand({
        RequestItems: {
          [tableName]: {
            Keys: batch.map((card) => ({ pk: { S: `DPP#${card.dppId}` }, sk: { S: `CARD#${card.cardId}` } })),
            ProjectionExpression: 'sk',
          },
        },
      }),
    );
    const seenAt = Date.now();
    for (const item of Responses?.[tableName] ?? []) {
      const cardId = item.sk?.S?.slice('CARD#'.length) ?? '';
      const card = pending.get(cardId);
      if (!card) continue;
      lags.push(seenAt - card.answeredAt);
      pending.delete(cardId);
    }
    await new Promise((wake) => setTimeout(wake, 20));
  }
}

const started = Date.now();
const reading = reader();
const writing = Promise.all(Array.from({ length: concurrency }, (_, index) => writer(index)));
await new Promise((wake) => setTimeout(wake, seconds * 1000));
stopping = true;
await writing;
const loadEnded = Date.now();
const caughtUp = await Promise.race([
  reading.then(() => Date.now() - loadEnded),
  new Promise<undefined>((wake) => setTimeout(() => wake(undefined), 120_000)),
]);

const sorted = [...lags].sort((a, b) => a - b);
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const objects = backup.objectCopies();
console.log(
  JSON.stringify(
    {
      seconds,
      concurrency,
      writes,
      failedWrites,
      writesPerSecond: Number((writes / ((loadEnded - started) / 1000)).toFixed(1)),
      lagMs: { p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0, seen: sorted.length },
      caughtUpAfterLoadMs: caughtUp ?? 'not within 120 s',
      objects,
    },
    null,
    2,
  ),
);
table.destroy();
await stack.stop();
await rm(dir, { recursive: true, force: true });
process.exit(0);
