import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_DEFAULTS } from '../../infra/constructs/functions';
import { sandboxTemplate } from '../../infra/local/sam-env';
import { localOnlySettings } from '../../infra/local/settings';
import { ANCHOR_WORKER_ACCESS, ANCHOR_WORKER_FN, WORKER_TIMEOUT_SECONDS } from '../../lib/anchoring/worker';
import type { Route } from '../../lib/api/contract';
import { functionId, routes } from '../../lib/api/routes';
import {
  BACKUP_REPLICATOR_ACCESS,
  BACKUP_REPLICATOR_FN,
  BACKUP_REPLICATOR_TIMEOUT_SECONDS,
} from '../../lib/backup/worker';
import { KYB_RETRY_ACCESS, KYB_RETRY_TIMEOUT_SECONDS, KYB_RETRY_WORKER_FN } from '../../lib/companies/kyb/worker';
import { IMPORT_WORKER_ACCESS, IMPORT_WORKER_FN, IMPORT_WORKER_TIMEOUT_SECONDS } from '../../lib/imports/worker';

/**
 * One table of every function the stack deploys: each route row and each worker's contract
 * (lib/anchoring/worker.ts, lib/companies/kyb/worker.ts), with what it declares (its access, its
 * auth, a worker's timeout and reserved concurrency) and what every function gets
 * (FUNCTION_DEFAULTS, infra/constructs/functions.ts). Every synthesized Lambda (the sandbox
 * template `npm run synth` writes, unbundled) must have exactly these settings.
 */
interface Row {
  fn: string;
  access: Route['access'];
  auth: Route['auth'];
  timeout: number;
  reservedConcurrency: number | undefined;
}
const table: Row[] = [
  ...routes.map((route) => ({
    fn: route.fn,
    access: route.access,
    auth: route.auth,
    timeout: FUNCTION_DEFAULTS.timeoutSeconds,
    reservedConcurrency: undefined,
  })),
  // A worker takes no token; one anchoring key, so one invocation at a time.
  {
    fn: ANCHOR_WORKER_FN,
    access: ANCHOR_WORKER_ACCESS,
    auth: 'public',
    timeout: WORKER_TIMEOUT_SECONDS,
    reservedConcurrency: 1,
  },
  // The import worker: Lambda's longest timeout (it resumes at its checkpoint when redelivered); its
  // concurrency is bounded by its event source mapping (maxConcurrency), not reserved.
  {
    fn: IMPORT_WORKER_FN,
    access: IMPORT_WORKER_ACCESS,
    auth: 'public',
    timeout: IMPORT_WORKER_TIMEOUT_SECONDS,
    reservedConcurrency: undefined,
  },
  {
    fn: KYB_RETRY_WORKER_FN,
    access: KYB_RETRY_ACCESS,
    auth: 'public',
    timeout: KYB_RETRY_TIMEOUT_SECONDS,
    reservedConcurrency: undefined,
  },
  // The back-up's replicator: the local synth has a back-up (infra/local/environment.ts, LOCAL_BACKUP_CONTEXT).
  {
    fn: BACKUP_REPLICATOR_FN,
    access: BACKUP_REPLICATOR_ACCESS,
    auth: 'public',
    timeout: BACKUP_REPLICATOR_TIMEOUT_SECONDS,
    reservedConcurrency: undefined,
  },
];

/**
 * The settings a row's access and auth imply (lib/config.ts reads them); a sandbox has no
 * stripePriceId, so no STRIPE_PRICE_ID, and declares empty what a local run adds (infra/local/settings.ts).
 */
function environmentKeys({ access, auth }: Row): string[] {
  const a = access as Partial<Record<string, unknown>> & { bucket?: readonly string[] };
  const keys = [
    (a.table || a.anchoring) && 'TABLE_NAME',
    a.bucket?.length && 'BUCKET_NAME',
    a.email && 'SES_FROM_ADDRESS',
    a.translate && 'TRANSLATE_PROVIDER',
    a.signingKey && 'JWT_SIGNING_KEY_SECRET_ID',
    a.issuerKey && 'VC_ISSUER_KEY_SECRET_ID',
    a.cursorKey && 'CURSOR_KEY_SECRET_ID',
    a.vies && 'VIES_URL',
    a.links && 'PUBLIC_BASE_URL',
    // The local synth has a back-up copy (context backupBaseUrl, infra/local/sam-env.ts).
    a.backup && 'BACKUP_BASE_URL',
    ...(a.backupTable ? ['BACKUP_TABLE_NAME', 'BACKUP_REGION'] : []),
    a.stripe && 'STRIPE_SECRET_KEY_SECRET_ID',
    ...(a.anchoring ? ['EVM_CHAIN_ID', 'EVM_EXPLORER_URL', 'ANCHOR_KEY_SECRET_ID', 'EVM_RPC_URL_SECRET_ID'] : []),
    ...(a.chain ? ['EVM_CHAIN_ID', 'EVM_RPC_URL_SECRET_ID'] : []),
    ...(auth === 'jwt' || a.signingKey ? ['JWT_ISSUER', 'JWT_AUDIENCE'] : []),
    auth === 'jwt' && 'JWT_PUBLIC_KEYS',
    'SERVICE_NAME',
    'LOG_LEVEL',
    'NODE_OPTIONS',
  ];
  const cloud = keys.filter((key): key is string => typeof key === 'string');
  // The sandbox template also declares, empty, what a local run adds (SAM's env.json sets them).
  return [...new Set([...cloud, ...localOnlySettings(Object.fromEntries(cloud.map((key) => [key, 'x'])))])].sort();
}

interface LambdaProperties {
  Runtime: string;
  Architectures: string[];
  MemorySize: number;
  Timeout: number;
  ReservedConcurrentExecutions?: number;
  Environment?: { Variables?: Record<string, unknown> };
}
let lambdas: [string, LambdaProperties][];
beforeAll(() => {
  lambdas = Object.entries(sandboxTemplate().Resources)
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
    .map(([id, resource]) => [id, resource.Properties as unknown as LambdaProperties]);
});
/** A function's logical id is its construct id plus CDK's 8-character hash. */
const lambdaOf = (fn: string) => lambdas.filter(([id]) => new RegExp(`^${functionId(fn)}[0-9A-F]{8}$`).test(id));

describe('every synthesized Lambda', () => {
  it('is one row of the table, and every row has one', () => {
    expect(lambdas.map(([id]) => id.slice(0, -8)).sort()).toEqual(table.map((row) => functionId(row.fn)).sort());
  });

  it.each(table.map((row) => [row.fn, row] as const))('%s has the settings its row declares', (_, row) => {
    const [[, props] = ['', undefined]] = lambdaOf(row.fn);
    expect(props).toBeDefined();
    expect({
      runtime: props!.Runtime,
      architectures: props!.Architectures,
      memory: props!.MemorySize,
      timeout: props!.Timeout,
      reservedConcurrency: props!.ReservedConcurrentExecutions,
      environment: Object.keys(props!.Environment?.Variables ?? {}).sort(),
    }).toEqual({
      runtime: FUNCTION_DEFAULTS.runtime.name,
      architectures: [FUNCTION_DEFAULTS.architecture.name],
      memory: FUNCTION_DEFAULTS.memorySize,
      timeout: row.timeout,
      reservedConcurrency: row.reservedConcurrency,
      environment: environmentKeys(row),
    });
  });
});
