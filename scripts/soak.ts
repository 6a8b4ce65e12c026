/**
 * `npm run soak -- --seconds N --concurrency C`: a bounded soak run against a local stack of its
 * own (loopback only), with the mix and report of scripts/soak/run.ts; exits 1 if there was a
 * 5xx or an invariant does not hold.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { loadLocalStack } from '../infra/local';
import { soak } from './soak/run';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '30' }, concurrency: { type: 'string', default: '16' } },
});
const seconds = Math.min(Number(values.seconds), 3600);
const concurrency = Math.min(Number(values.concurrency), 64);
if (!(seconds > 0 && concurrency > 0)) throw new Error('--seconds and --concurrency must be positive numbers');

const dir = await mkdtemp(join(tmpdir(), 'dpp-soak-'));
const { startLocalStack } = await loadLocalStack();
const stack = await startLocalStack({ port: 0, dir, seed: false, logLevel: 'SILENT' });
try {
  const env = stack.env;
  const credentials = { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! };
  const result = await soak(
    stack.apiUrl!,
    {
      doc: DynamoDBDocumentClient.from(
        new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT, region: env.AWS_REGION, credentials }),
        { marshallOptions: { removeUndefinedValues: true } },
      ),
      tableName: env.TABLE_NAME!,
      s3: new S3Client({ endpoint: env.S3_ENDPOINT, region: env.AWS_REGION, forcePathStyle: true, credentials }),
      bucket: env.BUCKET_NAME!,
    },
    seconds,
    concurrency,
  );
  console.info(result.report);
  process.exitCode = result.errors > 0 || result.violations.length > 0 ? 1 : 0;
} finally {
  await stack.stop();
  await rm(dir, { recursive: true, force: true });
}
