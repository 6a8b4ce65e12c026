/**
 * `npm start`: the whole API on this machine, with no AWS account and no Docker.
 *   npm start -- --port 4000     another API port (0: random ports for everything)
 *   npm start -- --persist       keep data in .local/data between runs
 *   npm start -- --empty         no demo data: an empty table and bucket (bootstrap with npm run admin)
 *   npm start -- --dir <dir>     keys, data and stack.json in <dir> (default .local)
 *   npm start -- --log-level INFO
 *   npm start -- --start-timeout 600
 *                                wait up to 600 s (default 300; DPP_START_TIMEOUT=600 too) for an
 *                                engine's process that is alive and progressing (engines/start-wait.ts)
 *   npm start -- --backup        also the back-up copy (EN 18221): its own engines and read-only API,
 *                                fed by replication (infra/local/backup.ts); `kill -USR2 <pid>` then
 *                                stops the primary (API, workers, engines) and leaves the back-up serving
 *   --ready-json                 print one JSON line when ready (used by the test setup), and each
 *                                step of the start on stderr
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defined } from '../../lib/defined';
import { EVM_CHAIN_ID, START_TIMEOUT_ENV, type StartLimits, startLimits } from './engines';
import { loadDemoData } from './seed';
import { DEFAULT_PORTS, startLocalStack } from './stack';
import { removeStackFile, stackFilePath, writeStackFile } from './stack-file';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(DEFAULT_PORTS.api) },
    persist: { type: 'boolean', default: false },
    empty: { type: 'boolean', default: false },
    dir: { type: 'string', default: '.local' },
    'log-level': { type: 'string', default: 'WARN' },
    'ready-json': { type: 'boolean', default: false },
    'start-timeout': { type: 'string' },
    backup: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}

let limits: StartLimits;
try {
  limits =
    values['start-timeout'] === undefined
      ? startLimits(process.env[START_TIMEOUT_ENV], START_TIMEOUT_ENV)
      : startLimits(values['start-timeout']);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const started = Date.now();
const stack = await startLocalStack({
  startLimits: limits,
  // Slow waits always (on stderr, the default); with --ready-json (the test setup) every step
  // too, so a start that is never ready says how far it got.
  ...(values['ready-json'] ? { onStep: (message: string) => console.error(`local stack: ${message}`) } : {}),
  port,
  dir: values.dir,
  persist: values.persist,
  seed: !values.empty,
  logLevel: values['log-level'],
  backup: values.backup,
}).catch((error: unknown) => {
  console.error(`Could not start the local stack: ${(error as Error).message}`);
  process.exit(1);
});

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  if (!values['ready-json']) console.log(`\n${signal}: stopping the API and every engine…`);
  await removeStackFile(values.dir).catch(() => undefined);
  await removeStackFile(join(values.dir, 'backup')).catch(() => undefined);
  await stack.stop().catch((error: unknown) => console.error((error as Error).message));
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
// The primary's end (its operator's account gone): the back-up keeps serving (docs/local.md, The back-up copy).
process.on('SIGUSR2', () => {
  void stack.stopPrimary().then(
    () => {
      if (values['ready-json']) console.log(JSON.stringify({ primaryStopped: true }));
      else console.log('\nSIGUSR2: the primary (API, workers, engines) is stopped; the back-up keeps serving.');
    },
    (error: unknown) => console.error(`could not stop the primary: ${(error as Error).message}`),
  );
});

// The back-up's own stack file: `npm run admin -- --local-dir <dir>/backup` targets the copy (company cease).
if (stack.backup) {
  await mkdir(join(values.dir, 'backup'), { recursive: true });
  await writeStackFile(join(values.dir, 'backup'), stack.backup.apiUrl ?? '', stack.backup.env, {
    dynamodb: stack.backup.engines.dynamodb.endpoint,
    s3: stack.backup.engines.s3.endpoint,
  });
}
// What a client (npm run admin) needs to reach this stack; removed on stop.
await writeStackFile(values.dir, stack.apiUrl ?? '', stack.env, {
  dynamodb: stack.engines.dynamodb.endpoint,
  s3: stack.engines.s3.endpoint,
  ses: stack.engines.ses.endpoint,
  sesStore: stack.engines.ses.storeUrl,
  stripe: stack.engines.stripe.endpoint,
  vies: stack.engines.vies.endpoint,
  translate: stack.engines.translate.endpoint,
  evm: stack.engines.evm.endpoint,
  ...(stack.backup && {
    backupApi: stack.backup.apiUrl ?? '',
    backupDynamodb: stack.backup.engines.dynamodb.endpoint,
    backupS3: stack.backup.engines.s3.endpoint,
  }),
});

if (values['ready-json']) {
  console.log(
    JSON.stringify({
      apiUrl: stack.apiUrl,
      env: stack.env,
      sesStoreUrl: stack.engines.ses.storeUrl,
      evmRpcUrl: stack.engines.evm.endpoint,
      stored: stack.stored,
      ...(stack.backup && { backupUrl: stack.backup.apiUrl, backupEnv: stack.backup.env, pid: process.pid }),
      timings: { ...stack.timings, readyMs: Date.now() - started },
    }),
  );
} else if (values.empty && !stack.seeded) {
  printEmptyWelcome(stack.apiUrl ?? '', Date.now() - started);
} else {
  await printWelcome(defined(stack.apiUrl, 'the API address'), Date.now() - started);
}

/** Where each engine listens, the stack file that lists them, and how to get other ports. */
function whereEverythingListens(api: string): string {
  const e = stack.engines;
  const ports =
    port === 0
      ? 'free ports, picked by --port 0'
      : 'the default ports; `npm start -- --port 0` picks free ports for the API and every engine';
  return `  API             ${api}
  API reference   ${api}/docs   (OpenAPI document: ${api}/openapi.json)
  DynamoDB Local  ${e.dynamodb.endpoint}   table dpp-local
  S3 (s3rver)     ${e.s3.endpoint}   bucket dpp-local-files
  SES             ${e.ses.endpoint}   sent mail: ${e.ses.endpoint}/  (JSON: ${e.ses.storeUrl})
  Stripe stand-in ${e.stripe.endpoint}
  VIES stand-in   ${e.vies.endpoint}
  Translate       ${e.translate.endpoint}   stand-in; its calls: ${e.translate.endpoint}/calls
  EVM chain       ${e.evm.endpoint}   chain id ${EVM_CHAIN_ID} (anvil, test mnemonic accounts)
${
  stack.backup
    ? `  Back-up copy    ${stack.backup.apiUrl}   read-only (EN 18221); kill -USR2 ${process.pid} stops the primary
  Back-up engines DynamoDB Local ${stack.backup.engines.dynamodb.endpoint}, S3 ${stack.backup.engines.s3.endpoint}
`
    : ''
}  Ports           ${ports}
  Stack file      ${stackFilePath(values.dir)}   (every address above, as JSON: npm run admin and docs/walkthrough.md read it)
  Data            ${values.persist ? `kept in ${values.dir}/data` : 'in memory (use --persist to keep it)'}`;
}

function printEmptyWelcome(api: string, ms: number) {
  console.log(`
DPP service running locally (ready in ${(ms / 1000).toFixed(1)} s, no demo data)

${whereEverythingListens(api)}

A first tenant (docs/admin-cli.md):
  npm run -s admin -- company create --name "Acme Bikes S.r.l." --country IT       # prints the company id
  npm run -s admin -- user add --company <id> --email admin@acme.example --wallet 0x… --role admin
  npm run -s admin -- api-key create --company <id>                                 # prints the key, once
  curl -s ${api}/generateJWT/<key>/<wallet>

Ctrl-C stops everything.
`);
}

async function printWelcome(api: string, ms: number) {
  const demo = await loadDemoData();
  const [acme, globex] = demo.companies;
  if (!acme || !globex) throw new Error('demo-data: Acme and Globex are its first two companies');
  const dpp = defined(acme.dpps[0], "Acme's first DPP");
  const admin = defined(acme.users[0], "Acme's admin");
  const key = defined(acme.apiKeys[0], "Acme's API key").key;
  const token = `$(curl -s ${api}/generateJWT/${key}/${admin.wallet} | sed -E 's/.*"authToken":"([^"]+)".*/\\1/')`;
  console.log(`
DPP service running locally (ready in ${(ms / 1000).toFixed(1)} s${stack.seeded ? ', demo data seeded' : ''})

${whereEverythingListens(api)}

Demo credentials (infra/local/demo-data.json)
${demo.companies
  .map(
    (c) => `  ${c.name.padEnd(22)} API key ${(c.apiKeys[0]?.key ?? '').padEnd(22)} admin wallet ${c.users[0]?.wallet}`,
  )
  .join('\n')}

Try it
  # 1. a token for ${acme.name}'s admin
  curl -s ${api}/generateJWT/${key}/${admin.wallet}

  # 2. a passport, as a consumer scanning its QR code sees it, in Italian
  curl -si -H 'language: it' ${api}/dpp/${dpp.id}

  # 3. upload a file to that passport (the token from step 1, inline)
  curl -s -H "Authorization: Bearer ${token}" -F file=@infra/local/fixtures/sample.pdf -F name="Declaration of conformity" ${api}/models/${dpp.model_id}/dpps/${dpp.id}/upload-file

  # 4. or in a browser: ${api}/docs, Authorize with the authToken from step 1, then "Try it out"

  # 5. ${demo.companies[2]?.name}'s EV battery passport (Regulation (EU) 2023/1542) in a browser; its QR code is
  #    GET /dpps/{dppId}/qr with that company's token
  ${api}/passport/${defined(demo.profiled[0], 'the EV battery passport').dpp.id}

  # 6. a version notarized and anchored on the local chain, related DPPs, invitations, KYB and
  #    promotional codes: docs/walkthrough.md, block by block (sign with npm run sign)

  (${globex.name}'s credentials are there to try tenant isolation.)
Ctrl-C stops everything.
`);
}
