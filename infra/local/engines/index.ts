/**
 * Starts every local stand-in the service talks to: DynamoDB Local, S3 (s3rver), SES
 * (aws-ses-v2-local), the Stripe, VIES and Translate stand-ins and a local EVM chain (anvil). Used by
 * `npm start` and by the integration-test setup.
 */

import { join } from 'node:path';
import { startDynamoDb } from './dynamodb';
import { startEvm } from './evm';
import type { LocalEngine } from './ports';
import { type S3Engine, startS3 } from './s3';
import { type SesEngine, startSes } from './ses';
import type { StartLimits } from './start-wait';
import { startStripe } from './stripe';
import { startTranslate } from './translate';
import { startVies } from './vies';

export { DYNAMODB_LOCAL_CREDENTIALS, DYNAMODB_LOCAL_REGION, ensureDynamoDbLocal, startDynamoDb } from './dynamodb';
export { startEuRegistry } from './eu-registry';
export { anvilBinary, EVM_CHAIN_ID, EVM_TEST_MNEMONIC, startEvm } from './evm';
export type { LocalEngine } from './ports';
export { S3_LOCAL_CREDENTIALS, type S3Engine, startS3 } from './s3';
export { type SesEngine, startSes } from './ses';
export { START_LIMITS, START_TIMEOUT_ENV, START_TIMEOUT_HINT, type StartLimits, startLimits } from './start-wait';
export { startStripe } from './stripe';
export { startTranslate, type TranslateCall } from './translate';
export { startVies } from './vies';

export type EngineName = 'dynamodb' | 's3' | 'ses' | 'stripe' | 'vies' | 'translate' | 'evm';

export interface EnginesOptions {
  /** Fixed ports; a missing or 0 entry means a random free port. */
  ports?: Partial<Record<EngineName, number>>;
  /** Keep data across runs: DynamoDB tables in `<dataDir>/dynamodb`, S3 objects in `<dataDir>/s3`, the chain in `<dataDir>/evm`. Default: in memory / temp dir. */
  dataDir?: string;
  /** How long to wait for the engines that are processes of their own (DynamoDB Local, anvil): engines/start-wait.ts. */
  startLimits?: StartLimits;
  /** Told while such a start goes on slowly (default: stderr). */
  notice?: (message: string) => void;
}

export interface Engines {
  dynamodb: LocalEngine;
  s3: S3Engine;
  ses: SesEngine;
  stripe: LocalEngine;
  vies: LocalEngine;
  /** Amazon Translate's TranslateText; `GET <endpoint>/calls` lists the calls it answered. */
  translate: LocalEngine;
  /** JSON-RPC of a local EVM chain (anvil), chain id 31337. */
  evm: LocalEngine;
  /** Stops all of them; rejects with an AggregateError if any failed to stop. */
  stop(): Promise<void>;
}

/** Starts all seven in parallel. If one fails, the others are stopped before the error is rethrown. */
export async function startEngines(options: EnginesOptions = {}): Promise<Engines> {
  const { ports = {}, dataDir, startLimits, notice } = options;
  const [dynamodb, s3, ses, stripe, vies, translate, evm] = await Promise.allSettled([
    startDynamoDb({ port: ports.dynamodb, dbPath: dataDir && join(dataDir, 'dynamodb'), startLimits, notice }),
    startS3({ port: ports.s3, directory: dataDir && join(dataDir, 's3') }),
    startSes({ port: ports.ses }),
    startStripe({ port: ports.stripe }),
    startVies({ port: ports.vies }),
    startTranslate({ port: ports.translate }),
    startEvm({ port: ports.evm, dataDir: dataDir && join(dataDir, 'evm'), startLimits, notice }),
  ]);
  const results = [dynamodb, s3, ses, stripe, vies, translate, evm];

  if (
    dynamodb.status === 'fulfilled' &&
    s3.status === 'fulfilled' &&
    ses.status === 'fulfilled' &&
    stripe.status === 'fulfilled' &&
    vies.status === 'fulfilled' &&
    translate.status === 'fulfilled' &&
    evm.status === 'fulfilled'
  ) {
    const engines = [dynamodb.value, s3.value, ses.value, stripe.value, vies.value, translate.value, evm.value];
    return {
      dynamodb: dynamodb.value,
      s3: s3.value,
      ses: ses.value,
      stripe: stripe.value,
      vies: vies.value,
      translate: translate.value,
      evm: evm.value,
      stop: () => stopAll(engines),
    };
  }

  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  await stopAll(started).catch(() => undefined); // the start error is the one worth reporting
  const [firstFailure] = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
  throw firstFailure?.reason;
}

async function stopAll(engines: LocalEngine[]): Promise<void> {
  const results = await Promise.allSettled(engines.map((engine) => engine.stop()));
  const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (errors.length > 0) throw new AggregateError(errors, 'some local engines failed to stop');
}
