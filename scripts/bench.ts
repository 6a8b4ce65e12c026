/**
 * `npm run bench`: each read endpoint against the local stack (in this process), with
 * the number of DynamoDB and S3 round trips each request makes and its latency.
 * Round trips are counted on the handlers' own SDK clients, so they are exact; latency
 * is local (DynamoDB Local, s3rver on loopback) and only comparable run to run.
 *   npm run bench -- --requests 200
 */
import { parseArgs } from 'node:util';
import { startLocalStack } from '../infra/local/stack';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' } } });
const requests = Math.min(Math.max(Number(values.requests) || 200, 1), 5000);

const stack = await startLocalStack({ port: 0, dir: '.local', logLevel: 'ERROR' });
// The environment is set now; the handlers' client modules are the ones imported here.
const db = (await import('../lib/aws/dynamodb')).dynamodbClient();
const s3 = (await import('../lib/aws/s3')).s3Client();
// Counted at the deserialize step, which only requests that go over the wire reach (each
// retry too); presigning a URL stops before it, as it makes no call.
const calls = { dynamodb: 0, s3: 0 };
const count =
  (service: keyof typeof calls) =>
  <T>(next: (args: T) => Promise<unknown>) =>
  (args: T) => {
    calls[service] += 1;
    return next(args);
  };
db.middlewareStack.add(count('dynamodb') as never, { step: 'deserialize', name: 'benchCount' });
s3.middlewareStack.add(count('s3') as never, { step: 'deserialize', name: 'benchCount' });

const api = stack.apiUrl!;
const ACME_DPP = '01a19656-4a8b-7000-8000-000000000011';
const MODEL = '01a19656-4a84-7000-8000-000000000004';
const TEMPLATE = '01a19656-4a83-7000-8000-000000000003';
const tokenReply = await fetch(`${api}/generateJWT/demo-acme-api-key/0x1111111111111111111111111111111111111111`);
const { authToken } = (await tokenReply.json()) as { authToken: string };
const auth = { authorization: `Bearer ${authToken}` };

const cases: Array<{ name: string; path: string; headers?: Record<string, string> }> = [
  {
    name: 'GET /generateJWT/{api_key}/{wallet}',
    path: '/generateJWT/demo-acme-api-key/0x1111111111111111111111111111111111111111',
  },
  { name: 'GET /dpp/{dppId} (stored it)', path: `/dpp/${ACME_DPP}`, headers: { language: 'it' } },
  { name: 'GET /view-template-files/{templateId}', path: `/view-template-files/${TEMPLATE}`, headers: auth },
  {
    name: 'GET /view-template-file/…/file/{fileId}',
    path: `/view-template-file/${TEMPLATE}/file/01a19656-4a85-7000-8000-000000000005`,
    headers: auth,
  },
  { name: 'GET /view-dpp-files/{dppId}', path: `/view-dpp-files/${ACME_DPP}`, headers: auth },
  {
    name: 'GET /models/…/view-dpp-file/…',
    path: `/models/${MODEL}/view-dpp-file/${ACME_DPP}/file/01a19656-4a8d-7000-8000-000000000013`,
    headers: auth,
  },
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
console.log(`\n${requests} sequential requests per endpoint, after 10 warm-up requests\n`);
console.log(
  '| endpoint | DynamoDB round trips/req | S3 round trips/req | p50 ms | p95 ms |\n|---|---:|---:|---:|---:|',
);
try {
  for (const c of cases) {
    const once = async () => {
      const response = await fetch(`${api}${c.path}`, { headers: c.headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${c.name}: ${response.status}`);
    };
    for (let i = 0; i < 10; i++) await once();
    calls.dynamodb = 0;
    calls.s3 = 0;
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const start = performance.now();
      await once();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${c.name} | ${(calls.dynamodb / requests).toFixed(2)} | ${(calls.s3 / requests).toFixed(2)} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} |`,
    );
  }
} finally {
  await stack.stop();
}
