/**
 * The CDK stack, synthesized once from the real route table and the real handlers in
 * functions/ (bundled with esbuild, all in one build shared with the local stack (infra/bundles.ts),
 * no Docker, no AWS account). Variants of the context
 * (sandbox, custom domain, thresholds) are synthesized without bundling, each once.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, CfnResource, NestedStack, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { init as initLexer, parse as parseImports } from 'es-module-lexer';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESM_REQUIRE_BANNER } from '../../infra/bundling';
import { CONTEXT_DEFAULTS, readStackConfig, SANDBOX_EVM } from '../../infra/config';
import { MONITORING_STACK_ID } from '../../infra/constructs/alarms';
import { assertRouteTableIsDeployable, ROUTES_STACK_ID } from '../../infra/constructs/api';
import { NONCURRENT_RELEASED_DAYS } from '../../infra/constructs/data';
import {
  ACCESS_LOG_FIELDS,
  ANCHOR_KEY_PLACEHOLDER,
  DppServiceStack,
  NODE_OPTIONS,
  REPO_ROOT,
  STRIPE_KEY_PLACEHOLDER,
  TABLE_ACTIONS,
  VIES_REST_URL,
} from '../../infra/stack';
import {
  ANCHOR_BALANCE_ALARM_ETH,
  ANCHOR_WORKER_FN,
  NOTARIZATION_INSERTS,
  STREAM_RETRY_ATTEMPTS,
  SWEEP_EVERY_MINUTES,
  WORKER_TIMEOUT_SECONDS,
} from '../../lib/anchoring/worker';
import type { Route } from '../../lib/api/contract';
import { functionId, routeKeyOf, routes as routeTable } from '../../lib/api/routes';
import { getDppDocs as getDppRoute } from '../../lib/api/routes/get-dpp';
import { RELEASED_TAG } from '../../lib/aws/released';
import {
  KYB_RETRY_ACCESS,
  KYB_RETRY_EVERY_MINUTES,
  KYB_RETRY_TIMEOUT_SECONDS,
  KYB_RETRY_WORKER_FN,
} from '../../lib/companies/kyb/worker';
import { LOCK_MILLISECONDS } from '../../lib/idempotency/model';
import { IMPORT_WORKER_NODE_OPTIONS } from '../../lib/imports/worker';
import { METRIC } from '../../lib/metrics';
import { cloudFormationViolations } from '../support/nag';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON as the assertions library returns it, read field by field
type Json = Record<string, any>;
interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
  Principal?: unknown;
  Condition?: unknown;
}

const routes: readonly Route[] = routeTable;
/** CloudFormation's quotas a template: resources and parameters. */
const CLOUDFORMATION_LIMITS = { resources: 500, parameters: 200 };
/** How many more routes every template must still have room for (docs/deploy.md, Room in the stack). */
const MIN_ROUTES_OF_ROOM = 5;
/** Functions that are not a route's: the scheduled KYB retry worker, the anchor worker (the table's stream) and the import worker (its queue). */
const WORKERS = 3;
/**
 * Guards against a hang, not durations: the synth bundles every function (one esbuild build of
 * them all, or waits for the local stack's), about 15 s of CPU; at load 20 on 2 cores the former
 * one process a function took 316 s.
 */
const SYNTH_TIMEOUT_MS = 900_000;
/** For the tests that read or start every bundle: their work grows with the route table (a guard too). */
const EVERY_BUNDLE_TIMEOUT_MS = 300_000;

/** Only the feature flags of cdk.json: the service settings must come from the code's defaults here. */
function featureFlagsFromCdkJson(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return Object.fromEntries(Object.entries(cdkJson.context ?? {}).filter(([key]) => key.startsWith('@aws-cdk')));
}

/** A real deployment's context: the current and the previous key (a rotation), a real origin. */
const PUBLIC_KEYS = [publicKeyPem(), publicKeyPem()];
/** The Stripe price of the plan (context stripePriceId). */
const STRIPE_PRICE_ID = 'price_1TestPlanMonthly';
/** The chain notarizations are anchored on (context evmRpcUrl, evmChainId, evmExplorerUrl). */
const EVM_CONTEXT = {
  evmRpcUrl: 'https://mainnet.example-provider.io/v3/project',
  evmChainId: '1',
  evmExplorerUrl: 'https://etherscan.io',
};
const DEPLOYMENT_CONTEXT = {
  jwtPublicKeys: PUBLIC_KEYS.join(''),
  corsAllowOrigins: 'https://app.example.com',
  stripePriceId: STRIPE_PRICE_ID,
  ...EVM_CONTEXT,
};
/** X-Ray's actions, which take only the resource "*" (active tracing adds them to every role). */
const XRAY_ACTIONS = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];

function publicKeyPem(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString()
    .trim();
}

/**
 * The resources of the stack's nested stack of alarms, each parameter replaced by what the parent
 * passes to it (a Ref to one of the parent's resources), so they read as if in the parent.
 */
function monitoringResources(parent: DppServiceStack, parentTemplate: Template): Record<string, Json> {
  return nestedResources(parent, parent.monitoring, parentTemplate);
}

/**
 * The resources of one of the stack's nested stacks (the alarms, the API's routes), each
 * parameter replaced by what the parent passes to it (a Ref to one of the parent's resources,
 * a GetAtt of a function's ARN), so they read as if in the parent.
 */
function nestedResources(parent: DppServiceStack, nested: NestedStack, parentTemplate: Template): Record<string, Json> {
  const passed = (parentTemplate.toJSON().Resources[parent.getLogicalId(nested.nestedStackResource as CfnResource)]
    .Properties.Parameters ?? {}) as Record<string, unknown>;
  const substitute = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(substitute);
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0]![0] === 'Ref' && (entries[0]![1] as string) in passed) {
      return passed[entries[0]![1] as string];
    }
    return Object.fromEntries(entries.map(([key, inner]) => [key, substitute(inner)]));
  };
  return substitute(Template.fromStack(nested).toJSON().Resources) as Record<string, Json>;
}

const unbundledStacks = new Map<string, { stack: DppServiceStack; template: Template }>();

/**
 * A stack with its functions left unbundled: for what the bundles do not change (fast). Each
 * context is synthesized once per file: tests only read the result.
 */
function unbundledStack(
  context: Record<string, unknown>,
  rows?: readonly Route[],
): { stack: DppServiceStack; template: Template } {
  const key = JSON.stringify({ context, rows: rows?.map((row) => row.fn) });
  const cached = unbundledStacks.get(key);
  if (cached) return cached;
  // Without aws-cdk-lib's CloudFormation validation (about 10 s of CPU a process, more a template):
  // the real deployment's synth below runs it.
  const app = new App({
    builtinCloudFormationValidation: false,
    context: { ...featureFlagsFromCdkJson(), 'aws:cdk:bundling-stacks': [], ...context },
  });
  const unbundled = new DppServiceStack(app, 'DppServiceUnbundled', {
    config: readStackConfig(app),
    ...(rows ? { routes: rows } : {}),
  });
  const built = { stack: unbundled, template: Template.fromStack(unbundled) };
  unbundledStacks.set(key, built);
  return built;
}

/**
 * The rows a context variant is checked on: a few of each auth, plus those the test names.
 * A variant changes settings, not the per-route code, so it is synthesized on these rather than
 * on all ~80 rows (a synth of the whole table costs seconds of CPU; of these, a fraction).
 */
function fewRows(...also: ReadonlyArray<(route: Route) => boolean>): Route[] {
  const jwt = routes.filter((route) => route.auth === 'jwt').slice(0, 2);
  const open = routes.filter((route) => route.auth !== 'jwt').slice(0, 2);
  return routes.filter((route) => jwt.includes(route) || open.includes(route) || also.some((wanted) => wanted(route)));
}

let stack: DppServiceStack;
let template: Template;
let assemblyDir: string;
let warningsOf: (artifactId: string) => string[];
let resources: Record<string, Json>;
/** The nested stack of alarms' resources, in the parent's terms (monitoringResources). */
let monitoring: Record<string, Json>;
let ids: {
  table: string;
  bucket: string;
  secret: string;
  cursorKey: string;
  stripeKey: string;
  anchorKey: string;
  anchorRpcUrl: string;
  issuerKey: string;
  deadLetters: string;
  emailIdentity: string;
};

beforeAll(() => {
  const started = performance.now();
  // Asset metadata (aws:asset:path) is what the CLI turns on; the bundles are checked through it.
  const app = new App({
    context: { ...featureFlagsFromCdkJson(), 'aws:cdk:enable-asset-metadata': true, ...DEPLOYMENT_CONTEXT },
  });
  // The functions are bundled as the stack is built (asset staging), then written out by synth.
  stack = new DppServiceStack(app, 'DppServiceTest', { config: readStackConfig(app) });
  const assembly = app.synth();
  assemblyDir = assembly.directory;
  warningsOf = (artifactId) =>
    assembly
      .getStackArtifact(artifactId)
      .messages.filter((message) => message.level === 'warning')
      .map((message) => String(message.entry.data));
  template = Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template as Json);
  console.info(
    `synth of ${routes.length} functions (esbuild bundling included): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The API's routes, integrations and invoke permissions are in a nested stack of their own
  // (infra/constructs/api.ts): read here as the parent's, as the alarms are.
  resources = {
    ...(template.toJSON().Resources as Record<string, Json>),
    ...nestedResources(stack, stack.routesStack, template),
  };
  monitoring = monitoringResources(stack, template);
  ids = {
    table: logicalId(stack.table.node.defaultChild),
    bucket: logicalId(stack.bucket.node.defaultChild),
    secret: logicalId(stack.signingKeySecret.node.defaultChild),
    cursorKey: logicalId(stack.cursorKeySecret.node.defaultChild),
    stripeKey: logicalId(stack.stripeKeySecret.node.defaultChild),
    anchorKey: logicalId(stack.anchorKeySecret.node.defaultChild),
    anchorRpcUrl: rpcUrlSecretOf(template),
    issuerKey: Object.keys(resources).find((id) => id.startsWith('VcIssuerKey'))!,
    deadLetters: logicalId(stack.anchorDeadLetterQueue.node.defaultChild),
    emailIdentity: logicalId(stack.emailIdentity.node.defaultChild),
  };
}, SYNTH_TIMEOUT_MS);

/** The anchor worker's RPC-URL secret (infra/constructs/workers.ts), by its description. */
function rpcUrlSecretOf(built: Template): string {
  const [id] = Object.entries(built.findResources('AWS::SecretsManager::Secret')).find(([, secret]) =>
    String(secret.Properties.Description).startsWith('JSON-RPC URL'),
  ) ?? [''];
  return id;
}

/** The function's environment as deployed: Refs become dummy names, strings stay as they are. */
function environmentOf(route: Route): Record<string, string> {
  return environmentOfId(fnLogicalId(route));
}

function environmentOfId(logicalIdOfFunction: string): Record<string, string> {
  const variables = (resources[logicalIdOfFunction]!.Properties as Json).Environment.Variables as Record<
    string,
    unknown
  >;
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', AWS_REGION: 'eu-central-1' };
  for (const [name, value] of Object.entries(variables))
    env[name] = typeof value === 'string' ? value : `dummy-${name}`;
  return env;
}

/** The bundle of a function: its asset directory's index.mjs. */
function bundleOf(logicalIdOfFunction: string): string {
  return join(assemblyDir, resources[logicalIdOfFunction]!.Metadata['aws:asset:path'] as string, 'index.mjs');
}

/** Loads a bundle in a fresh Node with exactly `env` (a cold start without an event). */
function loadCold(bundle: string, env: Record<string, string>): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(bundle).href)})`],
      { env, encoding: 'utf8' },
      (error, _stdout, stderr) =>
        done({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }),
    );
  });
}

/** The cold start of the route's function. */
const coldStart = (route: Route, env: Record<string, string>) => loadCold(bundleOf(fnLogicalId(route)), env);

/** Every function of the stack, by name and logical id: each route's and each worker's. */
function everyFunction(): { fn: string; id: string }[] {
  return [
    ...routes.map((route) => ({ fn: route.fn, id: fnLogicalId(route) })),
    { fn: 'the KYB retry worker', id: logicalId(stack.kybRetryWorker.node.defaultChild) },
    { fn: 'the anchor worker', id: logicalId(stack.anchorWorker.node.defaultChild) },
    { fn: 'the import worker', id: logicalId(stack.importWorker.node.defaultChild) },
  ];
}

/** `work` on every item, at most as many at once as the machine has cores; results in order. */
async function eachOnCores<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), items.length) }, lane));
  return results;
}

/**
 * The import specifiers (static, and dynamic ones of a literal) of each ES module, as
 * es-module-lexer reads them (a module's imports, in about 5 ms a bundle); a dynamic import of
 * a computed name is reported as such.
 */
/** es-module-lexer's `d` of an `import.meta`, which it lists among the imports. */
const IMPORT_META = -2;

async function moduleImports(files: readonly string[]): Promise<Map<string, string[]>> {
  await initLexer;
  return new Map(
    files.map((file) => {
      const [imports] = parseImports(readFileSync(file, 'utf8'));
      return [
        file,
        imports
          .filter((imported) => imported.d !== IMPORT_META)
          .map((imported) => imported.n ?? `a computed import at ${imported.ss}`),
      ];
    }),
  );
}

function logicalId(child: unknown): string {
  return stack.getLogicalId(child as CfnResource);
}

function fnLogicalId(route: Route): string {
  const fn = stack.functions.get(route.fn);
  if (!fn) throw new Error(`no function for ${route.fn}`);
  return logicalId(fn.node.defaultChild);
}

function fnProps(route: Route): Json {
  return resources[fnLogicalId(route)]!.Properties as Json;
}

function references(value: unknown, id: string): boolean {
  return JSON.stringify(value).includes(`"${id}"`);
}

function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

function ofType(type: string): [string, Json][] {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

/** The properties of every alarm (in the nested stack of alarms), in the parent's terms. */
function alarmProperties(built?: { stack: DppServiceStack; template: Template }): Json[] {
  return Object.values(built ? monitoringResources(built.stack, built.template) : monitoring)
    .filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm')
    .map((alarm) => alarm.Properties as Json);
}

/**
 * Every identity policy of every role, each with its role's logical id: inline in the role
 * (a function's role keeps all of its statements there) or a policy resource attached to it.
 */
function rolePolicies(all: Record<string, Json> = resources): { role: string; statements: Statement[] }[] {
  const found: { role: string; statements: Statement[] }[] = [];
  for (const [id, resource] of Object.entries(all)) {
    if (resource.Type === 'AWS::IAM::Role') {
      for (const policy of (resource.Properties.Policies ?? []) as Json[]) {
        found.push({ role: id, statements: policy.PolicyDocument.Statement as Statement[] });
      }
    }
    if (resource.Type === 'AWS::IAM::Policy') {
      for (const role of resource.Properties.Roles as { Ref: string }[]) {
        found.push({ role: role.Ref, statements: resource.Properties.PolicyDocument.Statement as Statement[] });
      }
    }
  }
  return found;
}

/** Every Allow/Deny statement of every identity policy attached to the function's role. */
function roleStatements(route: Route): Statement[] {
  const roleId = (fnProps(route).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return rolePolicies()
    .filter(({ role }) => role === roleId)
    .flatMap(({ statements }) => statements);
}

/** What a statement's resource is, in the stack's own terms. */
function resourceKind(resource: unknown): string {
  const text = JSON.stringify(resource);
  if (resource === '*') return 'any';
  if (references(resource, ids.table) && text.includes('"StreamArn"')) return 'table-stream';
  if (references(resource, ids.table)) return text.includes('/index/') ? 'table-indexes' : 'table';
  if (references(resource, ids.bucket))
    return text.includes('/companies/*') ? 'bucket-companies-objects' : 'bucket-other';
  if (references(resource, ids.secret)) return 'signing-key-secret';
  if (references(resource, ids.cursorKey)) return 'cursor-key-secret';
  if (references(resource, ids.stripeKey)) return 'stripe-key-secret';
  if (references(resource, ids.anchorKey)) return 'anchor-key-secret';
  if (references(resource, ids.anchorRpcUrl)) return 'anchor-rpc-url-secret';
  if (references(resource, ids.issuerKey)) return 'issuer-key-secret';
  if (references(resource, ids.deadLetters)) return 'anchor-dead-letter-queue';
  if (text.includes(`identity/${CONTEXT_DEFAULTS.sesFromAddress}`) || references(resource, ids.emailIdentity)) {
    return 'email-identity';
  }
  if (/Logs[0-9A-F]{8}"/.test(text)) return 'own-log-group';
  return `unknown:${text}`;
}

/** resource kind -> sorted actions the role is allowed there. */
function grants(route: Route): Record<string, string[]> {
  const byKind: Record<string, Set<string>> = {};
  for (const statement of roleStatements(route)) {
    if (statement.Effect !== 'Allow') continue;
    const list = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
    for (const resource of list) {
      const kind = resourceKind(resource);
      byKind[kind] ??= new Set();
      for (const action of actionsOf(statement)) byKind[kind].add(action);
    }
  }
  return Object.fromEntries(Object.entries(byKind).map(([kind, actions]) => [kind, [...actions].sort()]));
}

/** The grants a row implies (infra/routes.ts Access), in the same shape as grants(). */
function expectedGrants(route: Route): Record<string, string[]> {
  const { access } = route;
  const expected: Record<string, string[]> = { 'own-log-group': ['logs:CreateLogStream', 'logs:PutLogEvents'] };
  if (access.table) {
    const read = ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'];
    const update = [...read, 'dynamodb:UpdateItem'];
    const write = [...update, 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem'];
    expected.table = { read, update, write }[access.table].sort();
  }
  if (access.tableIndexes) expected['table-indexes'] = ['dynamodb:Query'];
  if (access.bucket?.length) {
    // A delete tags the object first (lib/aws/released.ts).
    const s3 = { get: ['s3:GetObject'], put: ['s3:PutObject'], delete: ['s3:PutObjectTagging', 's3:DeleteObject'] };
    expected['bucket-companies-objects'] = [...new Set(access.bucket.flatMap((action) => s3[action]))].sort();
  }
  if (access.email) expected['email-identity'] = ['ses:SendEmail', 'ses:SendRawEmail'];
  expected.any = [...XRAY_ACTIONS, ...(access.translate ? ['translate:TranslateText'] : [])].sort();
  if (access.signingKey) expected['signing-key-secret'] = ['secretsmanager:GetSecretValue'];
  if (access.cursorKey) expected['cursor-key-secret'] = ['secretsmanager:GetSecretValue'];
  if (access.stripe) expected['stripe-key-secret'] = ['secretsmanager:GetSecretValue'];
  if (access.issuerKey) expected['issuer-key-secret'] = ['secretsmanager:GetSecretValue'];
  if (access.chain) expected['anchor-rpc-url-secret'] = ['secretsmanager:GetSecretValue'];
  return expected;
}

/** Every policy statement in the template: identity policies, inline role policies, resource policies. */
function allStatements(): { owner: string; statement: Statement }[] {
  const found: { owner: string; statement: Statement }[] = [];
  for (const [id, resource] of Object.entries(resources)) {
    const props = (resource.Properties ?? {}) as Json;
    const documents: Json[] = [
      ...(props.PolicyDocument ? [props.PolicyDocument] : []),
      ...((props.Policies ?? []) as Json[]).map((policy) => policy.PolicyDocument as Json),
    ];
    for (const document of documents) {
      for (const statement of document.Statement as Statement[]) found.push({ owner: id, statement });
    }
  }
  return found;
}

describe('functions', () => {
  it('creates exactly one Lambda function per route row and no helper functions or custom resources', () => {
    // One per route row, and the scheduled KYB retry worker.
    template.resourceCountIs('AWS::Lambda::Function', routes.length + WORKERS);
    for (const route of routes) {
      expect(fnLogicalId(route).startsWith(functionId(route.fn))).toBe(true);
      expect(fnProps(route).Handler).toBe('index.handler');
    }
    const customResources = Object.values(resources).filter(
      (resource) =>
        resource.Type === 'AWS::CloudFormation::CustomResource' || String(resource.Type).startsWith('Custom::'),
    );
    expect(customResources).toEqual([]);
  });

  it('gives every function its own log group with the default 30-day retention', () => {
    template.resourceCountIs('AWS::Logs::LogGroup', routes.length + WORKERS + 1); // and the API's access logs
    const logGroupIds = new Set<string>();
    for (const route of routes) {
      const logGroupId = (fnProps(route).LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(resources[logGroupId]).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } });
      logGroupIds.add(logGroupId);
    }
    expect(logGroupIds.size).toBe(routes.length);
  });

  it(
    'bundles each handler (and each worker) whole as one minified ESM file with the require banner and the AWS SDK inside, and its source map beside it',
    async () => {
      const sizes: string[] = [];
      const functions = everyFunction();
      const imports = await moduleImports(functions.map(({ id }) => bundleOf(id)));
      for (const route of functions) {
        const assetPath = resources[route.id]!.Metadata['aws:asset:path'] as string;
        const dir = join(assemblyDir, assetPath);
        expect({ fn: route.fn, files: readdirSync(dir).sort() }).toEqual({
          fn: route.fn,
          files: ['index.mjs', 'index.mjs.map'],
        });
        const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
        expect(code.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
        // The map is a separate file: the bundle only gains this one comment line.
        expect(code.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map')).toBe(true);
        const map = JSON.parse(readFileSync(join(dir, 'index.mjs.map'), 'utf8')) as {
          sources: string[];
          sourcesContent?: unknown;
        };
        expect(map.sourcesContent).toBeUndefined(); // mappings only: the sources are not shipped
        sizes.push(`${route.fn} ${Buffer.byteLength(code)} B + map ${statSync(join(dir, 'index.mjs.map')).size} B`);
        // Everything but Node's built-ins is inside the bundle: no @aws-sdk/* from the
        // runtime's unpinned copy, no other package either.
        const nonBuiltinImports = imports.get(join(dir, 'index.mjs'))!.filter((specifier) => !isBuiltin(specifier));
        expect({ fn: route.fn, nonBuiltinImports }).toEqual({ fn: route.fn, nonBuiltinImports: [] });
      }
      console.info(`bundles:\n  ${sizes.join('\n  ')}`);
    },
    EVERY_BUNDLE_TIMEOUT_MS,
  );

  it(
    'loads every bundle (each route’s and each worker’s) cold with exactly the environment the stack gives its function',
    async () => {
      // A function must not need a setting its row does not grant (e.g. BUCKET_NAME in a
      // function without bucket access): lib/config.ts fails such a cold start. Run the real
      // bundles, with the template's variables (Refs as dummy names; the public keys and
      // NODE_OPTIONS as they are), so a public function starts without any JWT setting.
      const functions = everyFunction();
      const runs = await eachOnCores(functions, ({ id }) => loadCold(bundleOf(id), environmentOfId(id)));
      functions.forEach((route, index) => {
        const run = runs[index]!;
        // On failure, show the error lines only (the rest is minified source).
        const error =
          run.status === 0
            ? ''
            : run.stderr
                .split('\n')
                .filter((line) => /Error\b/.test(line))
                .map((line) => line.slice(0, 300))
                .join('\n');
        expect({ fn: route.fn, status: run.status, error }).toEqual({ fn: route.fn, status: 0, error: '' });
      });
    },
    EVERY_BUNDLE_TIMEOUT_MS,
  );

  it('names the source file and line of an error in a logged stack (source maps on), not only index.mjs', async () => {
    // Any jwt function without its TABLE_NAME: lib/config.ts throws at cold start.
    const route = routes.find((candidate) => candidate.auth === 'jwt' && candidate.access.table)!;
    const { TABLE_NAME: _, ...withoutTable } = environmentOf(route);
    // The same bundle without the flag points into the minified bundle only.
    const [run, unmapped] = await Promise.all([
      coldStart(route, withoutTable),
      coldStart(route, { ...withoutTable, NODE_OPTIONS: '' }),
    ]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/ConfigError\]?: Missing required setting.*TABLE_NAME/);
    expect(run.stderr).toMatch(/lib\/config\.ts:\d+:\d+/);
    expect(unmapped.stderr).not.toMatch(/lib\/config\.ts/);
    expect(unmapped.stderr).toMatch(/index\.mjs:\d+/);
  });

  it('sets exactly the environment each route row implies', () => {
    for (const route of routes) {
      const { access } = route;
      const expected: Record<string, unknown> = {
        ...(access.table ? { TABLE_NAME: { Ref: ids.table } } : {}),
        ...(access.bucket?.length ? { BUCKET_NAME: { Ref: ids.bucket } } : {}),
        ...(access.email ? { SES_FROM_ADDRESS: CONTEXT_DEFAULTS.sesFromAddress } : {}),
        ...(access.translate ? { TRANSLATE_PROVIDER: 'aws' } : {}),
        ...(access.signingKey ? { JWT_SIGNING_KEY_SECRET_ID: { Ref: ids.secret } } : {}),
        ...(access.cursorKey ? { CURSOR_KEY_SECRET_ID: { Ref: ids.cursorKey } } : {}),
        ...(access.issuerKey ? { VC_ISSUER_KEY_SECRET_ID: { Ref: ids.issuerKey } } : {}),
        ...(access.chain
          ? { EVM_RPC_URL_SECRET_ID: { Ref: ids.anchorRpcUrl }, EVM_CHAIN_ID: EVM_CONTEXT.evmChainId }
          : {}),
        ...(access.stripe ? { STRIPE_SECRET_KEY_SECRET_ID: { Ref: ids.stripeKey }, STRIPE_PRICE_ID } : {}),
        ...(access.vies ? { VIES_URL: VIES_REST_URL } : {}),
        ...(access.links ? { PUBLIC_BASE_URL: stack.resolve(stack.api.apiEndpoint) } : {}),
        ...(route.auth === 'jwt' || access.signingKey
          ? { JWT_ISSUER: CONTEXT_DEFAULTS.jwtIssuer, JWT_AUDIENCE: CONTEXT_DEFAULTS.jwtAudience }
          : {}),
        ...(route.auth === 'jwt' ? { JWT_PUBLIC_KEYS: PUBLIC_KEYS.join('\n') } : {}),
        SERVICE_NAME: 'dpp-service',
        LOG_LEVEL: 'INFO',
        NODE_OPTIONS: '--enable-source-maps',
      };
      expect({ fn: route.fn, env: fnProps(route).Environment.Variables }).toEqual({ fn: route.fn, env: expected });
    }
  });

  it('gives the public routes no JWT setting, and the signer only issuer and audience besides its secret', () => {
    const jwtSettings = (route: Route) =>
      Object.keys(fnProps(route).Environment.Variables as object)
        .filter((name) => name.startsWith('JWT_'))
        .sort();
    expect(jwtSettings(getDppRoute)).toEqual([]);
    expect(jwtSettings(routes.find((route) => route.fn === 'not-found')!)).toEqual([]);
    expect(jwtSettings(routes.find((route) => route.fn === 'generate-jwt')!)).toEqual([
      'JWT_AUDIENCE',
      'JWT_ISSUER',
      'JWT_SIGNING_KEY_SECRET_ID',
    ]);
  });

  it('traces every function with X-Ray (active tracing) and starts it with source maps on', () => {
    for (const route of routes) {
      expect({ fn: route.fn, tracing: fnProps(route).TracingConfig }).toEqual({
        fn: route.fn,
        tracing: { Mode: 'Active' },
      });
      expect(fnProps(route).Environment.Variables.NODE_OPTIONS).toBe(NODE_OPTIONS);
    }
  });

  it('starts the import worker with its heap bounded too (the memory the import benchmark measured)', () => {
    const worker = resources[logicalId(stack.importWorker.node.defaultChild)]!.Properties as Json;
    expect(worker.Environment.Variables.NODE_OPTIONS).toBe(`${NODE_OPTIONS} ${IMPORT_WORKER_NODE_OPTIONS}`);
  });

  it('synthesizes a real deployment without a warning', () => {
    expect(warningsOf(stack.artifactId)).toEqual([]);
  });

  it("passes aws-cdk-lib's own CloudFormation validation of the real deployment, its default rules as errors (cdk.json), with nothing to report", () => {
    // The one synth of the stack in the tests that runs it (its engine costs seconds of CPU); the others turn it off.
    expect(cloudFormationViolations(assemblyDir)).toEqual([]);
    // The check sees a violation where there is one: a bucket with a property S3 does not have.
    const app = new App({
      builtinCloudFormationValidation: true,
      context: { '@aws-cdk/core:failSynthOnValidationErrors': false },
    });
    new CfnResource(new Stack(app, 'Invalid'), 'Bucket', {
      type: 'AWS::S3::Bucket',
      properties: { NoSuchProperty: 'x' },
    });
    expect(cloudFormationViolations(app.synth().directory)).not.toEqual([]);
  });

  it('shows each default a sandbox (-c sandbox=true) keeps as a synth warning, and gives its jwt rows empty keys', () => {
    const { stack: sandbox, template: sandboxTemplate } = unbundledStack({ sandbox: 'true' }, fewRows());
    const warnings = Annotations.fromStack(sandbox)
      .findWarning('*', Match.stringLikeRegexp('Sandbox deployment keeps'))
      .map((warning) => String(warning.entry.data));
    expect(warnings).toEqual([
      expect.stringContaining('"jwtPublicKeys"'),
      expect.stringContaining('"corsAllowOrigins": http://localhost:5173'),
      expect.stringContaining('"evmRpcUrl"'),
      expect.stringContaining('"evmChainId"'),
      expect.stringContaining('"evmExplorerUrl"'),
    ]);
    const jwtFunction = Object.values(sandboxTemplate.findResources('AWS::Lambda::Function')).find(
      (fn) => fn.Properties.Environment.Variables.JWT_PUBLIC_KEYS !== undefined,
    );
    expect(jwtFunction?.Properties.Environment.Variables.JWT_PUBLIC_KEYS).toBe('');
  });
});

describe('HTTP API', () => {
  it('has one route per row, with the method and path exactly as in the route table, plus the HEAD and OPTIONS a row also answers, and nothing else', () => {
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey as string);
    const extra = routes.flatMap((route) => (route.alsoAnswers ?? []).map((method) => `${method} ${route.path}`));
    expect(extra).toContain('HEAD /01/{path+}');
    expect(extra).toContain('OPTIONS /01/{gtin}');
    expect(routeKeys.sort()).toEqual([...routes.map(routeKeyOf), ...extra].sort());
  });

  it('sends a row’s HEAD and OPTIONS to the integration of its GET, whose one permission covers every method', () => {
    const targetOf = (key: string) =>
      ofType('AWS::ApiGatewayV2::Route').find(([, route]) => route.Properties.RouteKey === key)![1].Properties.Target;
    for (const route of routes.filter((row) => row.alsoAnswers?.length)) {
      for (const method of route.alsoAnswers!) {
        expect(targetOf(`${method} ${route.path}`)).toEqual(targetOf(routeKeyOf(route)));
      }
      const permissions = ofType('AWS::Lambda::Permission').filter(([, permission]) =>
        references(permission.Properties.FunctionName, fnLogicalId(route)),
      );
      expect(permissions).toHaveLength(1);
      // execute-api:/<stage>/<method>/<path>: any stage, any method.
      expect(JSON.stringify(permissions[0]![1].Properties.SourceArn)).toContain(`/*/*${route.path}`);
    }
  });

  it('refuses a row that also answers HEAD or OPTIONS but is not a GET, or OPTIONS (CORS for any origin) on a jwt row', () => {
    const jwtGet = routes.find((route) => route.method === 'GET' && route.auth === 'jwt')!;
    const post = routes.find((route) => route.method === 'POST')!;
    expect(() => assertRouteTableIsDeployable([{ ...post, alsoAnswers: ['HEAD'] }])).toThrow(/only a GET row/);
    expect(() => assertRouteTableIsDeployable([{ ...jwtGet, alsoAnswers: ['OPTIONS'] }])).toThrow(/only a public row/);
    expect(() => assertRouteTableIsDeployable([{ ...jwtGet, alsoAnswers: ['HEAD'] }])).not.toThrow();
  });

  it('sends every route to a payload-2.0 proxy integration of its own function', () => {
    for (const route of routes) {
      const [, apiRoute] = ofType('AWS::ApiGatewayV2::Route').find(
        ([, candidate]) => candidate.Properties.RouteKey === routeKeyOf(route),
      )!;
      const target = JSON.stringify(apiRoute.Properties.Target);
      const [, integration] = ofType('AWS::ApiGatewayV2::Integration').find(([id]) => target.includes(`"${id}"`))!;
      expect({ route: routeKeyOf(route), integration: integration.Properties }).toMatchObject({
        route: routeKeyOf(route),
        integration: {
          IntegrationType: 'AWS_PROXY',
          PayloadFormatVersion: '2.0',
          IntegrationUri: { 'Fn::GetAtt': [fnLogicalId(route), 'Arn'] },
        },
      });
    }
  });

  it('lets API Gateway (and only API Gateway) invoke each function', () => {
    for (const route of routes) {
      const permissions = ofType('AWS::Lambda::Permission').filter(([, permission]) =>
        references(permission.Properties.FunctionName, fnLogicalId(route)),
      );
      expect(permissions.length).toBeGreaterThan(0);
      for (const [, permission] of permissions) {
        expect(permission.Properties).toMatchObject({
          Action: 'lambda:InvokeFunction',
          Principal: 'apigateway.amazonaws.com',
        });
      }
    }
  });

  it('allows CORS from the configured origins with the headers the API reads and exposes', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: {
        AllowOrigins: ['https://app.example.com'],
        AllowHeaders: ['authorization', 'content-type', 'language', 'idempotency-key', 'x-correlation-id'],
        ExposeHeaders: ['content-language', 'idempotent-replayed', 'x-correlation-id'],
        AllowMethods: Match.arrayWith(['GET', 'POST', 'PUT', 'DELETE']),
      },
    });
  });

  it('deploys the $default stage automatically with the default throttling', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });

  it('throttles the public GET /dpp/{dppId} (QR-code traffic) and version documents each on its own, after its route exists', () => {
    const [stageId, stageResource] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
    expect(stageResource.Properties.RouteSettings).toEqual({
      'GET /dpp/{dppId}': { ThrottlingRateLimit: 25, ThrottlingBurstLimit: 50 },
      'GET /dpp/{dppId}/versions/{version}': { ThrottlingRateLimit: 25, ThrottlingBurstLimit: 50 },
    });
    expect(CONTEXT_DEFAULTS.publicDppThrottle).toEqual({ rateLimit: 25, burstLimit: 50 });
    // The routes are in their nested stack: the stage waits for that stack, so for the route.
    const [routeId] = ofType('AWS::ApiGatewayV2::Route').find(
      ([, route]) => route.Properties.RouteKey === routeKeyOf(getDppRoute),
    )!;
    expect(Template.fromStack(stack.routesStack).toJSON().Resources[routeId]).toBeDefined();
    expect({ stageId, dependsOn: stageResource.DependsOn }).toEqual({
      stageId,
      dependsOn: expect.arrayContaining([logicalId(stack.routesStack.nestedStackResource)]),
    });
  });

  it('takes the public route throttle from context publicDppThrottle', () => {
    const { template: throttled } = unbundledStack(
      { ...DEPLOYMENT_CONTEXT, publicDppThrottle: '{"rateLimit": 5, "burstLimit": 7}' },
      fewRows((route) => route.path.startsWith('/dpp/{dppId}')),
    );
    throttled.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      RouteSettings: {
        'GET /dpp/{dppId}': { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 7 },
        'GET /dpp/{dppId}/versions/{version}': { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 7 },
      },
    });
  });

  it('writes one JSON access-log line per request to a log group with the configured retention', () => {
    const [, stageResource] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
    const { DestinationArn, Format } = stageResource.Properties.AccessLogSettings as {
      DestinationArn: { 'Fn::GetAtt': [string, string] };
      Format: string;
    };
    expect(JSON.parse(Format)).toEqual(ACCESS_LOG_FIELDS);
    expect(Object.keys(ACCESS_LOG_FIELDS)).toEqual([
      'requestId',
      'ip',
      'requestTime',
      'httpMethod',
      'routeKey',
      'status',
      'protocol',
      'responseLength',
      'integrationLatency',
      'integrationErrorMessage',
    ]);
    expect(resources[DestinationArn['Fn::GetAtt'][0]]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: 30 },
    });
  });
});

describe('alarms', () => {
  const alarms = () => alarmProperties();
  const thresholds = CONTEXT_DEFAULTS.alarms;

  it('notifies the stack-made topic of every alarm and its recovery, and outputs the topic ARN', () => {
    const [topicId] = ofType('AWS::SNS::Topic')[0]!;
    // API 5xx rate; errors, throttles and p99 duration per route; errors and throttles of the KYB worker;
    // FAILED notarizations, dead letters, errors, the stream's iterator age and the account's balance of the anchor worker; DynamoDB.
    expect(alarms()).toHaveLength(1 + 3 * routes.length + 2 + 5 + 1 + 1);
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
    expect((template.toJSON().Outputs as Record<string, Json>).AlarmTopicArn!.Value).toEqual({ Ref: topicId });
  });

  it('keeps every alarm in a nested stack of its own (room in the parent), and the topic in the parent', () => {
    template.resourceCountIs('AWS::CloudWatch::Alarm', 0);
    // Two nested stacks: the alarms, and the API's routes (infra/constructs/api.ts).
    template.resourceCountIs('AWS::CloudFormation::Stack', 2);
    expect(stack.routesStack.node.id).toBe(ROUTES_STACK_ID);
    expect(stack.monitoring.node.id).toBe(MONITORING_STACK_ID);
    expect(ofType('AWS::SNS::Topic')).toHaveLength(1);
    Template.fromStack(stack.monitoring).resourceCountIs('AWS::SNS::Topic', 0);
    expect(alarms().length).toBeGreaterThan(3 * routes.length);
  });

  it('lets only CloudWatch of this account publish to the topic, over TLS only', () => {
    const [topicId] = ofType('AWS::SNS::Topic')[0]!;
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 'sns:Publish',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 'sns:Publish',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
          }),
        ]),
      },
    });
  });

  it('watches the 5xx share of all API answers', () => {
    const alarm = alarms().find((candidate) => JSON.stringify(candidate.Metrics ?? []).includes('"5xx"'))!;
    expect(alarm).toMatchObject({
      Threshold: thresholds.api5xxPercent,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    const expression = (alarm.Metrics as Json[]).find((metric) => metric.Expression)!.Expression as string;
    expect(expression).toBe('IF(requests > 0, 100 * errors / requests, 0)');
    const metricNames = (alarm.Metrics as Json[]).flatMap((metric) => metric.MetricStat?.Metric.MetricName ?? []);
    expect(metricNames.sort()).toEqual(['5xx', 'Count']);
  });

  it('watches errors, throttles and p99 duration of each function (that is, of each route)', () => {
    for (const route of routes) {
      const ofFunction = alarms().filter((alarm) =>
        (alarm.Dimensions as Json[] | undefined)?.some(
          (dimension) => dimension.Name === 'FunctionName' && references(dimension.Value, fnLogicalId(route)),
        ),
      );
      const byMetric = Object.fromEntries(ofFunction.map((alarm) => [alarm.MetricName, alarm]));
      expect({ fn: route.fn, metrics: Object.keys(byMetric).sort() }).toEqual({
        fn: route.fn,
        metrics: ['Duration', 'Errors', 'Throttles'],
      });
      expect(byMetric.Errors).toMatchObject({ Statistic: 'Sum', Threshold: thresholds.lambdaErrors });
      expect(byMetric.Throttles).toMatchObject({ Statistic: 'Sum', Threshold: thresholds.lambdaThrottles });
      expect(byMetric.Duration).toMatchObject({
        ExtendedStatistic: 'p99',
        Threshold: thresholds.p99LatencyMs,
        ComparisonOperator: 'GreaterThanThreshold',
        EvaluationPeriods: thresholds.latencyEvaluationPeriods,
        DatapointsToAlarm: thresholds.latencyEvaluationPeriods,
        Period: thresholds.periodMinutes * 60,
      });
    }
  });

  it('watches read and write throttle events of the table and of each index', () => {
    const alarm = alarms().find((candidate) => JSON.stringify(candidate.Metrics ?? []).includes('ThrottleEvents'))!;
    expect(alarm.Threshold).toBe(thresholds.dynamoDbThrottleEvents);
    const watched = (alarm.Metrics as Json[])
      .filter((metric) => metric.MetricStat)
      .map((metric) => {
        const { MetricName, Dimensions } = metric.MetricStat.Metric as { MetricName: string; Dimensions: Json[] };
        const index = Dimensions.find((dimension) => dimension.Name === 'GlobalSecondaryIndexName')?.Value;
        return `${MetricName}${index ? ` ${index}` : ''}`;
      });
    expect(watched.sort()).toEqual([
      'ReadThrottleEvents',
      'ReadThrottleEvents gsi1',
      'WriteThrottleEvents',
      'WriteThrottleEvents gsi1',
    ]);
  });

  it('notifies the topic of context alarmTopicArn instead, creating none, with thresholds from context alarms', () => {
    const alarmTopicArn = 'arn:aws:sns:eu-central-1:123456789012:ops-alarms';
    const rows = fewRows();
    const built = unbundledStack({ ...DEPLOYMENT_CONTEXT, alarmTopicArn, alarms: '{"p99LatencyMs": 5000}' }, rows);
    built.template.resourceCountIs('AWS::SNS::Topic', 0);
    Template.fromStack(built.stack.monitoring).resourceCountIs('AWS::SNS::Topic', 0);
    expect(Object.keys(built.template.toJSON().Outputs)).not.toContain('AlarmTopicArn');
    const all = alarmProperties(built);
    expect(all).toHaveLength(1 + 3 * rows.length + 2 + 5 + 1 + 1);
    for (const alarm of all) expect(alarm.AlarmActions).toEqual([alarmTopicArn]);
    const latency = all.filter((alarm) => alarm.MetricName === 'Duration');
    expect(latency.map((alarm) => alarm.Threshold)).toEqual(rows.map(() => 5000));
  });
});

describe('data stores', () => {
  it('keeps a retained on-demand table with pk/sk, gsi1 (ALL), point-in-time recovery and TTL on ttl', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'gsi1pk', AttributeType: 'S' },
          { AttributeName: 'gsi1sk', AttributeType: 'S' },
        ]),
        GlobalSecondaryIndexes: [
          {
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        StreamSpecification: { StreamViewType: 'KEYS_ONLY' },
      },
    });
  });

  it('keeps a retained, versioned, S3-encrypted, fully private bucket with the cleanup lifecycle rules', () => {
    template.resourceCountIs('AWS::S3::Bucket', 1);
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        VersioningConfiguration: { Status: 'Enabled' },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({ Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
            Match.objectLike({
              Status: 'Enabled',
              TagFilters: [{ Key: 'released', Value: 'true' }],
              NoncurrentVersionExpiration: { NoncurrentDays: 30 },
            }),
          ]),
        },
      },
    });
  });

  it('denies every request to the bucket that does not use TLS', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: ids.bucket },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('creates the SES identity for the default from-address and a retained signing-key secret holding a placeholder', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: CONTEXT_DEFAULTS.sesFromAddress });
    template.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      Properties: { SecretString: Match.stringLikeRegexp('REPLACE_ME') },
    });
  });

  it('keeps on stack deletion exactly the table, the bucket, the four secrets put in by hand and the log groups (docs/deploy.md, Teardown)', () => {
    const retained = Object.entries(resources)
      .filter(([, resource]) => resource.DeletionPolicy === 'Retain')
      .map(([id, resource]) => (resource.Type === 'AWS::Logs::LogGroup' ? 'log group' : id));
    expect(retained.filter((kind) => kind !== 'log group').sort()).toEqual(
      [ids.table, ids.bucket, ids.secret, ids.anchorKey, ids.stripeKey, ids.issuerKey].sort(),
    );
    expect(retained.filter((kind) => kind === 'log group')).toHaveLength(ofType('AWS::Logs::LogGroup').length);
    // The cursor key is worthless without the stack: deleted with it.
    expect(resources[ids.cursorKey]!.DeletionPolicy).toBe('Delete');
  });

  it('creates the cursor key as a random value Secrets Manager generates, never a value in the template', () => {
    expect(resources[ids.cursorKey]).toMatchObject({
      Type: 'AWS::SecretsManager::Secret',
      Properties: { GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true } },
    });
    expect(resources[ids.cursorKey]!.Properties.SecretString).toBeUndefined();
  });

  it('outputs the API URL, the links’ base URL, table name, bucket name, secret ARNs and alarm topic ARN', () => {
    const outputs = template.toJSON().Outputs as Record<string, Json>;
    expect(Object.keys(outputs).sort()).toEqual([
      'AlarmTopicArn',
      'AnchorKeySecretArn',
      'ApiUrl',
      'BucketName',
      'IssuerKeySecretArn',
      'PublicBaseUrl',
      'SigningKeySecretArn',
      'StripeSecretKeyArn',
      'TableName',
    ]);
    expect(outputs.TableName!.Value).toEqual({ Ref: ids.table });
    expect(outputs.BucketName!.Value).toEqual({ Ref: ids.bucket });
    expect(outputs.SigningKeySecretArn!.Value).toEqual({ Ref: ids.secret });
  });
});

describe('least privilege', () => {
  it('grants each function exactly the actions and resources its route row implies', () => {
    for (const route of routes) {
      expect({ fn: route.fn, grants: grants(route) }).toEqual({ fn: route.fn, grants: expectedGrants(route) });
    }
  });

  it('allows no wildcard action anywhere (no "*", no "service:*", no "s3:GetObject*")', () => {
    const wildcards = allStatements().filter(
      ({ statement }) => statement.Effect === 'Allow' && actionsOf(statement).some((action) => action.includes('*')),
    );
    expect(wildcards).toEqual([]);
  });

  it('uses the resource "*" only for X-Ray, translate:TranslateText and the anchor worker’s dynamodb:ListStreams (none takes a narrower resource)', () => {
    const anchorRole = logicalId(stack.anchorWorker.role!.node.defaultChild);
    const starResources = allStatements().filter(
      ({ statement }) =>
        statement.Effect === 'Allow' &&
        (Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource]).includes('*'),
    );
    expect(starResources.length).toBeGreaterThan(0);
    for (const { owner, statement } of starResources) {
      // Inline in the role itself, or a policy resource attached to it.
      const ofAnchorWorker = owner === anchorRole || references(resources[owner]!.Properties.Roles ?? [], anchorRole);
      const allowed = [...XRAY_ACTIONS, 'translate:TranslateText', ...(ofAnchorWorker ? ['dynamodb:ListStreams'] : [])];
      expect(allowed).toEqual(expect.arrayContaining(actionsOf(statement)));
    }
  });

  it('grants translate:TranslateText to the authenticated machine translation route alone: no public route makes the company pay', () => {
    const translating = routes.filter((route) => grants(route).any?.includes('translate:TranslateText'));
    expect(translating.map((route) => [route.fn, route.auth])).toEqual([['machine-translate-dpp', 'jwt']]);
    for (const route of routes.filter((candidate) => candidate.auth !== 'jwt')) {
      expect({ fn: route.fn, translate: route.access.translate }).toEqual({ fn: route.fn, translate: undefined });
    }
  });

  it('grants the public GET /dpp/{dppId} UpdateItem on the table (a grant read’s access-log entry) and no Put or Delete', () => {
    expect(getDppRoute.access.table).toBe('update');
    const tableActions = grants(getDppRoute).table;
    expect(tableActions).toContain('dynamodb:UpdateItem');
    expect(tableActions).not.toContain('dynamodb:PutItem');
    expect(tableActions).not.toContain('dynamodb:DeleteItem');
  });

  it('grants no index access to rows that do not say they query one, and no BatchWriteItem at all', () => {
    for (const route of routes.filter((candidate) => !candidate.access.tableIndexes)) {
      expect({ fn: route.fn, indexes: grants(route)['table-indexes'] }).toEqual({ fn: route.fn, indexes: undefined });
    }
    const batchWrites = allStatements().filter(({ statement }) =>
      actionsOf(statement).includes('dynamodb:BatchWriteItem'),
    );
    expect(batchWrites).toEqual([]);
    expect(Object.values(TABLE_ACTIONS).flat()).not.toContain('dynamodb:BatchWriteItem');
  });

  it('grants Query on each index by name, never index/*, to a row that says it queries one', () => {
    const { stack: indexedStack, template: indexedTemplate } = unbundledStack(DEPLOYMENT_CONTEXT, [
      { ...getDppRoute, access: { table: 'read', tableIndexes: true } },
    ]);
    // The KYB retry worker queries the index too (checked in its own describe); here, the row's role.
    const workerRoles = [indexedStack.kybRetryWorker, indexedStack.anchorWorker].map((worker) =>
      indexedStack.getLogicalId(worker.role!.node.defaultChild as CfnResource),
    );
    const statements = rolePolicies(indexedTemplate.toJSON().Resources)
      .filter(({ role }) => !workerRoles.includes(role))
      .flatMap(({ statements: ofRole }) => ofRole);
    const onIndexes = statements.filter((statement) => JSON.stringify(statement.Resource).includes('/index/'));
    expect(onIndexes).toHaveLength(1);
    expect(onIndexes[0]!.Action).toBe('dynamodb:Query');
    expect(JSON.stringify(onIndexes[0]!.Resource)).toContain('/index/gsi1"');
    expect(JSON.stringify(onIndexes[0]!.Resource)).not.toContain('/index/*');
  });

  it('keeps each role’s statements inline in the role, within IAM’s 10,240 characters of inline policy a role', () => {
    // Only the scheduler's role (not a function's) keeps a policy resource of its own.
    expect(ofType('AWS::IAM::Policy')).toHaveLength(1);
    for (const [id, role] of ofType('AWS::IAM::Role')) {
      const size = ((role.Properties.Policies ?? []) as Json[])
        .map((policy) => JSON.stringify(stack.resolve(policy.PolicyDocument)).length)
        .reduce((sum, length) => sum + length, 0);
      expect({ id, fits: size < 10_240 }).toEqual({ id, fits: true });
    }
  });

  it("gives function roles no managed policies (logs go only to the function's own log group)", () => {
    for (const route of routes) {
      const roleId = (fnProps(route).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(resources[roleId]!.Properties.ManagedPolicyArns ?? []).toEqual([]);
    }
  });

  it('gives a function whose row has no bucket access no S3 action at all', () => {
    const withoutBucket = routes.filter((route) => !route.access.bucket?.length);
    expect(withoutBucket.length).toBeGreaterThan(0);
    for (const route of withoutBucket) {
      const s3Actions = roleStatements(route)
        .flatMap(actionsOf)
        .filter((action) => action.startsWith('s3:'));
      expect({ fn: route.fn, s3Actions }).toEqual({ fn: route.fn, s3Actions: [] });
    }
  });

  it('lets only the functions whose row has signingKey read the signing-key secret', () => {
    const signingRoles = new Set(
      routes
        .filter((route) => route.access.signingKey)
        .map((route) => (fnProps(route).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]),
    );
    expect(signingRoles.size).toBeGreaterThan(0);
    const secretReaders = rolePolicies().filter(({ statements }) =>
      statements.some(
        (statement) =>
          statement.Effect === 'Allow' &&
          !references(statement.Resource, ids.cursorKey) &&
          !references(statement.Resource, ids.stripeKey) &&
          !references(statement.Resource, ids.anchorKey) &&
          !references(statement.Resource, ids.issuerKey) &&
          !references(statement.Resource, ids.anchorRpcUrl) &&
          (references(statement.Resource, ids.secret) ||
            actionsOf(statement).some((action) => action.startsWith('secretsmanager:'))),
      ),
    );
    expect(secretReaders.length).toBeGreaterThan(0);
    for (const { role } of secretReaders) expect(signingRoles.has(role)).toBe(true);
    for (const route of routes.filter((candidate) => !candidate.access.signingKey)) {
      expect(fnProps(route).Environment.Variables.JWT_SIGNING_KEY_SECRET_ID).toBeUndefined();
    }
    template.resourceCountIs('AWS::SecretsManager::ResourcePolicy', 0);
  });

  it('lets only the list functions (rows with cursorKey) read the cursor-key secret', () => {
    const listRoles = routes
      .filter((route) => route.access.cursorKey)
      .map((route) => (fnProps(route).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]);
    expect(listRoles.length).toBeGreaterThan(0);
    const readers = rolePolicies()
      .filter(({ statements }) => statements.some((statement) => references(statement.Resource, ids.cursorKey)))
      .map(({ role }) => role);
    expect(readers.sort()).toEqual(listRoles.sort());
    for (const route of routes.filter((candidate) => !candidate.access.cursorKey)) {
      expect(fnProps(route).Environment.Variables.CURSOR_KEY_SECRET_ID).toBeUndefined();
    }
  });

  it('lets only the promotional-code functions (rows with stripe) read the Stripe secret key, and gives only them its id and the price', () => {
    const stripeRoutes = routes.filter((route) => route.access.stripe);
    expect(stripeRoutes.map((route) => route.fn).sort()).toEqual([
      'discount-subscription',
      'validate-promotional-code',
    ]);
    const roleOf = (route: Route) => (fnProps(route).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const readers = rolePolicies()
      .filter(({ statements }) => statements.some((statement) => references(statement.Resource, ids.stripeKey)))
      .map(({ role }) => role);
    expect(readers.sort()).toEqual(stripeRoutes.map(roleOf).sort());
    for (const route of routes.filter((candidate) => !candidate.access.stripe)) {
      const variables = fnProps(route).Environment.Variables as Record<string, unknown>;
      expect(Object.keys(variables).filter((name) => name.startsWith('STRIPE_'))).toEqual([]);
    }
    // SES only for the three functions that e-mail (invitations, subscriptions, access grants to operators).
    expect(
      routes
        .filter((route) => route.access.email)
        .map((route) => route.fn)
        .sort(),
    ).toEqual(['create-access-grant', 'create-invitation', 'discount-subscription']);
  });
});

describe('the Stripe secret key', () => {
  it('is a retained secret holding a placeholder the operator replaces, output as StripeSecretKeyArn', () => {
    expect(resources[ids.stripeKey]).toMatchObject({
      Type: 'AWS::SecretsManager::Secret',
      DeletionPolicy: 'Retain',
      Properties: { SecretString: STRIPE_KEY_PLACEHOLDER },
    });
    const outputs = template.toJSON().Outputs as Record<string, Json>;
    expect(outputs.StripeSecretKeyArn!.Value).toEqual({ Ref: ids.stripeKey });
  });

  it('warns when no stripePriceId is given (discount-subscription would fail at cold start), and gives no STRIPE_PRICE_ID', () => {
    const { stack: withoutPrice, template: unpriced } = unbundledStack(
      { ...DEPLOYMENT_CONTEXT, stripePriceId: undefined },
      fewRows((route) => route.access.stripe === true),
    );
    const warnings = Annotations.fromStack(withoutPrice)
      .findWarning('*', Match.stringLikeRegexp('stripePriceId'))
      .map((warning) => String(warning.entry.data));
    expect(warnings).toEqual([expect.stringContaining('No context stripePriceId')]);
    const variables = Object.values(unpriced.findResources('AWS::Lambda::Function')).map(
      (fn) => (fn as Json).Properties.Environment?.Variables ?? {},
    );
    expect(variables.filter((v) => 'STRIPE_PRICE_ID' in v)).toEqual([]);
    expect(variables.filter((v) => 'STRIPE_SECRET_KEY_SECRET_ID' in v)).toHaveLength(2);
  });

  it('stops the synth on a stripePriceId that is not a Stripe price id', () => {
    expect(() => unbundledStack({ ...DEPLOYMENT_CONTEXT, stripePriceId: 'prod_123' })).toThrow(
      /Invalid CDK context "stripePriceId": expected the id of a Stripe price/,
    );
  });
});

describe('the KYB retry worker', () => {
  const workerId = () => logicalId(stack.kybRetryWorker.node.defaultChild);
  const workerProps = () => resources[workerId()]!.Properties as Json;
  const schedules = () =>
    ofType('AWS::Scheduler::Schedule')
      .map(([, schedule]) => schedule.Properties as Json)
      .filter((schedule) => references(schedule.Target.Arn, workerId()));
  const roleOf = (props: Json) => (props.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const statementsOfRole = (roleId: string) =>
    rolePolicies()
      .filter(({ role }) => role === roleId)
      .flatMap(({ statements }) => statements);

  it(`runs every ${KYB_RETRY_EVERY_MINUTES} minutes through EventBridge Scheduler, with its context and no late retry`, () => {
    expect(schedules()).toHaveLength(1);
    const [schedule] = schedules();
    expect(schedule).toMatchObject({
      ScheduleExpression: `rate(${KYB_RETRY_EVERY_MINUTES} minutes)`,
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: { 'Fn::GetAtt': [workerId(), 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 },
      },
    });
    expect(JSON.parse(schedule!.Target.Input as string)).toEqual({
      scheduledTime: '<aws.scheduler.scheduled-time>',
      executionId: '<aws.scheduler.execution-id>',
    });
  });

  it('lets Scheduler, of this account only, invoke exactly the scheduled workers (not their versions or aliases)', () => {
    const roleId = (schedules()[0]!.Target.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const trust = (resources[roleId]!.Properties as Json).AssumeRolePolicyDocument.Statement as Statement[];
    expect(trust).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
      }),
    ]);
    // This worker and the anchor worker's sweep, through the one role.
    const anchorWorkerId = logicalId(stack.anchorWorker.node.defaultChild);
    expect(statementsOfRole(roleId)).toHaveLength(1);
    expect((statementsOfRole(roleId)[0]!.Resource as unknown[]).length).toBe(2);
    expect(statementsOfRole(roleId)).toEqual([
      {
        Effect: 'Allow',
        Action: 'lambda:InvokeFunction',
        Resource: expect.arrayContaining([
          { 'Fn::GetAtt': [workerId(), 'Arn'] },
          { 'Fn::GetAtt': [anchorWorkerId, 'Arn'] },
        ]),
      },
    ]);
  });

  it('may Query the indexes, write items, delete data objects (the orphan sweep) and write its own logs: nothing else', () => {
    const byKind: Record<string, Set<string>> = {};
    for (const statement of statementsOfRole(roleOf(workerProps()))) {
      for (const resource of Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource]) {
        byKind[resourceKind(resource)] ??= new Set();
        for (const action of actionsOf(statement)) byKind[resourceKind(resource)]!.add(action);
      }
    }
    expect(Object.fromEntries(Object.entries(byKind).map(([kind, actions]) => [kind, [...actions].sort()]))).toEqual({
      'own-log-group': ['logs:CreateLogStream', 'logs:PutLogEvents'],
      table: [...TABLE_ACTIONS.write].sort(),
      'table-indexes': ['dynamodb:Query'],
      'bucket-companies-objects': ['s3:DeleteObject', 's3:PutObjectTagging'],
      any: XRAY_ACTIONS,
    });
    expect(KYB_RETRY_ACCESS).toEqual({ table: 'write', tableIndexes: true, vies: true, bucket: ['delete'] });
  });

  it('gets the table, the bucket, VIES and no JWT setting, its own timeout, tracing and source maps', () => {
    expect(workerProps()).toMatchObject({
      Handler: 'index.handler',
      Timeout: KYB_RETRY_TIMEOUT_SECONDS,
      TracingConfig: { Mode: 'Active' },
      Environment: {
        Variables: {
          TABLE_NAME: { Ref: ids.table },
          BUCKET_NAME: { Ref: ids.bucket },
          VIES_URL: VIES_REST_URL,
          SERVICE_NAME: 'dpp-service',
          LOG_LEVEL: 'INFO',
          NODE_OPTIONS,
        },
      },
    });
    expect(Object.keys(workerProps().Environment.Variables).sort()).toEqual([
      'BUCKET_NAME',
      'LOG_LEVEL',
      'NODE_OPTIONS',
      'SERVICE_NAME',
      'TABLE_NAME',
      'VIES_URL',
    ]);
  });

  it('alarms on its failed and throttled runs', () => {
    const ofWorker = alarmProperties().filter((alarm) =>
      (alarm.Dimensions as Json[] | undefined)?.some(
        (dimension) => dimension.Name === 'FunctionName' && references(dimension.Value, workerId()),
      ),
    );
    expect(ofWorker.map((alarm) => alarm.MetricName).sort()).toEqual(['Errors', 'Throttles']);
  });
});

describe('the anchor worker', () => {
  const workerId = () => logicalId(stack.anchorWorker.node.defaultChild);
  const workerProps = () => resources[workerId()]!.Properties as Json;
  const roleId = () => (workerProps().Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const mappings = () =>
    ofType('AWS::Lambda::EventSourceMapping')
      .map(([, mapping]) => mapping.Properties as Json)
      .filter((mapping) => JSON.stringify(mapping.FunctionName) === JSON.stringify({ Ref: workerId() }));

  it('is fed by the table’s stream: new notarization records only, one at a time, retried, bisected, reported per item, then to its dead-letter queue', () => {
    expect(mappings()).toHaveLength(1);
    const [mapping] = mappings();
    expect(mapping).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [ids.table, 'StreamArn'] },
      FunctionName: { Ref: workerId() },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 1,
      MaximumRetryAttempts: STREAM_RETRY_ATTEMPTS,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] } } },
    });
    // The very filter the local poller applies (lib/anchoring/worker.ts), in Lambda's syntax.
    const filters = mapping!.FilterCriteria.Filters as Array<{ Pattern: string }>;
    expect(filters.map((filter) => JSON.parse(filter.Pattern))).toEqual([NOTARIZATION_INSERTS]);
    expect(NOTARIZATION_INSERTS).toEqual({
      eventName: ['INSERT'],
      dynamodb: { Keys: { sk: { S: [{ prefix: 'NOTARIZATION#' }] } } },
    });
  });

  it('runs one invocation at a time (reserved concurrency 1: one anchoring key, whose nonces are serial), with its own timeout, tracing and source maps', () => {
    expect(workerProps()).toMatchObject({
      Handler: 'index.handler',
      ReservedConcurrentExecutions: 1,
      Timeout: WORKER_TIMEOUT_SECONDS,
      TracingConfig: { Mode: 'Active' },
    });
  });

  it('gets the table, the chain, the explorer, the key’s and the RPC URL’s secret ids, and no JWT setting', () => {
    expect(workerProps().Environment.Variables).toEqual({
      TABLE_NAME: { Ref: ids.table },
      EVM_RPC_URL_SECRET_ID: { Ref: ids.anchorRpcUrl },
      EVM_CHAIN_ID: EVM_CONTEXT.evmChainId,
      EVM_EXPLORER_URL: EVM_CONTEXT.evmExplorerUrl,
      ANCHOR_KEY_SECRET_ID: { Ref: ids.anchorKey },
      SERVICE_NAME: 'dpp-service',
      LOG_LEVEL: 'INFO',
      NODE_OPTIONS,
    });
  });

  it('anchors on Sepolia in a sandbox that names no chain', () => {
    const { stack: sandbox, template: sandboxTemplate } = unbundledStack({ sandbox: 'true' }, fewRows());
    const worker =
      sandboxTemplate.toJSON().Resources[sandbox.getLogicalId(sandbox.anchorWorker.node.defaultChild as CfnResource)];
    expect(worker.Properties.Environment.Variables).toMatchObject({
      EVM_CHAIN_ID: String(SANDBOX_EVM.chainId),
      EVM_EXPLORER_URL: SANDBOX_EVM.explorerUrl,
    });
    const rpcUrlSecret = rpcUrlSecretOf(sandboxTemplate);
    expect(sandboxTemplate.toJSON().Resources[rpcUrlSecret].Properties.SecretString).toBe(SANDBOX_EVM.rpcUrl);
  });

  it('may GetItem and UpdateItem, Query the pending index, read the table’s stream, send to its dead-letter queue and read its two secrets: nothing else', () => {
    const byKind: Record<string, Set<string>> = {};
    const statements = rolePolicies()
      .filter(({ role }) => role === roleId())
      .flatMap(({ statements: ofRole }) => ofRole);
    for (const statement of statements) {
      expect(statement.Effect).toBe('Allow');
      for (const resource of Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource]) {
        byKind[resourceKind(resource)] ??= new Set();
        for (const action of actionsOf(statement)) byKind[resourceKind(resource)]!.add(action);
      }
    }
    expect(Object.fromEntries(Object.entries(byKind).map(([kind, actions]) => [kind, [...actions].sort()]))).toEqual({
      'own-log-group': ['logs:CreateLogStream', 'logs:PutLogEvents'],
      table: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      'table-indexes': ['dynamodb:Query'],
      'table-stream': ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
      'anchor-key-secret': ['secretsmanager:GetSecretValue'],
      'anchor-rpc-url-secret': ['secretsmanager:GetSecretValue'],
      'anchor-dead-letter-queue': ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
      // X-Ray, and ListStreams, which takes no narrower resource (cdk-nag acknowledgement anchorWorkerStarResource).
      any: ['dynamodb:ListStreams', ...XRAY_ACTIONS].sort(),
    });
    expect(resources[roleId()]!.Properties.ManagedPolicyArns ?? []).toEqual([]);
  });

  it('alone reads the anchoring-key secret: a retained placeholder the operator replaces, output as AnchorKeySecretArn', () => {
    expect(resources[ids.anchorKey]).toMatchObject({
      Type: 'AWS::SecretsManager::Secret',
      DeletionPolicy: 'Retain',
      Properties: { SecretString: ANCHOR_KEY_PLACEHOLDER },
    });
    expect((template.toJSON().Outputs as Record<string, Json>).AnchorKeySecretArn!.Value).toEqual({
      Ref: ids.anchorKey,
    });
    const readers = rolePolicies()
      .filter(({ statements }) => references(statements, ids.anchorKey))
      .map(({ role }) => role);
    expect(readers).toEqual([roleId()]);
    // A route reads the chain (access.chain: the verification), never the anchoring key.
    for (const route of routes) {
      expect(
        Object.keys(fnProps(route).Environment.Variables)
          .filter((name) => /^(EVM_|ANCHOR_)/.test(name))
          .sort(),
      ).toEqual(route.access.chain ? ['EVM_CHAIN_ID', 'EVM_RPC_URL_SECRET_ID'] : []);
    }
  });

  it('sends what it gives up on to an encrypted, TLS-only dead-letter queue that keeps messages 14 days', () => {
    expect(resources[ids.deadLetters]).toMatchObject({
      Type: 'AWS::SQS::Queue',
      Properties: { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 },
    });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: ids.deadLetters }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('alarms on a notarization it gave up on (FAILED), on a record in its dead-letter queue, on its errors and on the stream’s iterator age', () => {
    const alarms = alarmProperties();
    const failed = alarms.find((alarm) => alarm.MetricName === 'NotarizationsFailed');
    expect(failed).toMatchObject({
      Namespace: 'DppService',
      Dimensions: expect.arrayContaining([
        { Name: 'service', Value: 'dpp-service' },
        { Name: 'route', Value: ANCHOR_WORKER_FN },
      ]),
      Statistic: 'Sum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    const deadLetters = alarms.find((alarm) => alarm.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(deadLetters).toMatchObject({ Namespace: 'AWS/SQS', Threshold: 1 });
    expect(JSON.stringify(deadLetters!.Dimensions)).toContain(`"${ids.deadLetters}"`);
    const ofWorker = alarms.filter((alarm) =>
      (alarm.Dimensions as Json[] | undefined)?.some(
        (dimension) => dimension.Name === 'FunctionName' && references(dimension.Value, workerId()),
      ),
    );
    expect(ofWorker.map((alarm) => alarm.MetricName).sort()).toEqual(['Errors', 'IteratorAge']);
    expect(ofWorker.find((alarm) => alarm.MetricName === 'IteratorAge')).toMatchObject({
      Namespace: 'AWS/Lambda',
      Statistic: 'Maximum',
      Threshold: CONTEXT_DEFAULTS.alarms.streamIteratorAgeMs,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('keeps its RPC URL in a secret (context evmRpcUrl its first value) that only it and the rows reading the chain read: no function has EVM_RPC_URL', () => {
    expect(resources[ids.anchorRpcUrl]).toMatchObject({
      Type: 'AWS::SecretsManager::Secret',
      Properties: { SecretString: EVM_CONTEXT.evmRpcUrl },
    });
    const readers = rolePolicies()
      .filter(({ statements }) => references(statements, ids.anchorRpcUrl))
      .map(({ role }) => role);
    const chainReaders = routes
      .filter((route) => route.access.chain)
      .map((route) => (fnProps(route).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]);
    expect(chainReaders.length).toBeGreaterThan(0);
    expect(readers.sort()).toEqual([roleId(), ...chainReaders].sort());
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      expect(Object.keys(fn.Properties.Environment?.Variables ?? {})).not.toContain('EVM_RPC_URL');
    }
  });

  it(`is also run every ${SWEEP_EVERY_MINUTES} minutes by EventBridge Scheduler (its sweep of PENDING notarizations), with its context and no late retry`, () => {
    const sweeps = ofType('AWS::Scheduler::Schedule')
      .map(([, schedule]) => schedule.Properties as Json)
      .filter((schedule) => references(schedule.Target.Arn, workerId()));
    expect(sweeps).toHaveLength(1);
    expect(sweeps[0]).toMatchObject({
      ScheduleExpression: `rate(${SWEEP_EVERY_MINUTES} minutes)`,
      Target: { RetryPolicy: { MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 } },
    });
    expect(JSON.parse(sweeps[0]!.Target.Input as string)).toEqual({
      scheduledTime: '<aws.scheduler.scheduled-time>',
      executionId: '<aws.scheduler.execution-id>',
    });
  });

  it(`alarms when the anchoring account's balance, the metric it emits, falls under ${ANCHOR_BALANCE_ALARM_ETH} ETH`, () => {
    expect(alarmProperties().find((alarm) => alarm.MetricName === METRIC.anchorAccountBalance)).toMatchObject({
      Namespace: 'DppService',
      Dimensions: expect.arrayContaining([{ Name: 'route', Value: ANCHOR_WORKER_FN }]),
      Statistic: 'Minimum',
      Threshold: ANCHOR_BALANCE_ALARM_ETH,
      ComparisonOperator: 'LessThanThreshold',
    });
  });

  // Its bundle and its cold start with exactly its environment: with every function's, under 'functions'.
  it('stops at cold start without its key’s secret id, naming the setting', async () => {
    const { ANCHOR_KEY_SECRET_ID: _, ...withoutKey } = environmentOfId(workerId());
    const run = await loadCold(bundleOf(workerId()), withoutKey);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/one of ANCHOR_PRIVATE_KEY or ANCHOR_KEY_SECRET_ID is required/);
  });
});

describe('public links (rows with access.links)', () => {
  const linkRows = routes.filter((route) => route.access.links);
  const baseUrlOf = (built: { stack: DppServiceStack; template: Template }, route: Route) => {
    const fn = built.stack.functions.get(route.fn)!;
    return built.template.toJSON().Resources[built.stack.getLogicalId(fn.node.defaultChild as CfnResource)].Properties
      .Environment.Variables.PUBLIC_BASE_URL;
  };

  it('gives those rows, and only those, PUBLIC_BASE_URL: the API’s own URL when no publicBaseUrl is given', () => {
    expect(linkRows.length).toBeGreaterThan(0);
    const apiId = logicalId(stack.api.node.defaultChild);
    for (const route of routes) {
      const value = fnProps(route).Environment.Variables.PUBLIC_BASE_URL;
      if (!route.access.links) expect({ fn: route.fn, value }).toEqual({ fn: route.fn, value: undefined });
      else {
        expect(value).toEqual(stack.resolve(stack.api.apiEndpoint));
        expect(JSON.stringify(value)).toContain(`"${apiId}"`);
      }
    }
    // The same base as an output, for tools that write links outside the functions (the admin CLI's export).
    expect((template.toJSON().Outputs as Record<string, Json>).PublicBaseUrl!.Value).toEqual(
      stack.resolve(stack.api.apiEndpoint),
    );
  });

  it('gives them context publicBaseUrl when it is given', () => {
    const withBase = unbundledStack(
      { ...DEPLOYMENT_CONTEXT, publicBaseUrl: 'https://dpp.example.com/' },
      fewRows((route) => route.access.links === true),
    );
    for (const route of linkRows) expect(baseUrlOf(withBase, route)).toBe('https://dpp.example.com');
  });
});

describe('the custom domain (context domainName + certificateArn)', () => {
  const DOMAIN = 'dpp.example.com';
  const CERTIFICATE_ARN = 'arn:aws:acm:eu-central-1:123456789012:certificate/0f8c4c1e-3b0a-4d0e-9d1e-2a7c9b1f6e21';
  const DOMAIN_CONTEXT = {
    ...DEPLOYMENT_CONTEXT,
    region: 'eu-central-1',
    domainName: DOMAIN,
    certificateArn: CERTIFICATE_ARN,
  };
  const linkRows = routes.filter((route) => route.access.links);
  const withDomain = () =>
    unbundledStack(
      DOMAIN_CONTEXT,
      fewRows((route) => route.access.links === true),
    );
  const linkBaseUrls = (built: { stack: DppServiceStack; template: Template }) =>
    linkRows.map((route) => {
      const fn = built.stack.functions.get(route.fn)!;
      const id = built.stack.getLogicalId(fn.node.defaultChild as CfnResource);
      return {
        fn: route.fn,
        base: built.template.toJSON().Resources[id].Properties.Environment.Variables.PUBLIC_BASE_URL,
      };
    });

  // Two synths of the largest variant: seconds each, more on a busy machine (a guard, not a duration).
  it(
    'keeps every template, the parent’s and each nested stack’s, within CloudFormation’s limits with room for more routes, even in its largest variant',
    () => {
      // The largest variant: with the domain and the CDN. Each template's cost of one route is measured (the
      // same stack with one row fewer), not assumed; the routes that still fit are the fewest of any.
      const removed = routes.find((route) => route.auth === 'jwt')!;
      const measure = (rows: readonly Route[]) => {
        const built = unbundledStack({ ...DOMAIN_CONTEXT, cdn: 'true' }, rows);
        const nested = built.stack.node
          .findAll()
          .filter((scope): scope is NestedStack => NestedStack.isNestedStack(scope));
        return [
          { name: 'parent', json: built.template.toJSON() },
          ...nested.map((child) => ({ name: child.node.id, json: Template.fromStack(child).toJSON() })),
        ].map(({ name, json }) => ({
          name,
          resources: Object.keys(json.Resources ?? {}).length,
          parameters: Object.keys(json.Parameters ?? {}).length,
        }));
      };
      const full = measure(routes);
      // A route's cost is what one row adds: measured on a few rows with and without it (routes add up).
      const few = fewRows((route) => route === removed);
      const [withIt, oneFewer] = [measure(few), measure(few.filter((route) => route !== removed))];
      expect(full.map(({ name }) => name)).toEqual(['parent', ROUTES_STACK_ID, MONITORING_STACK_ID]);
      const room = full.map((template, index) => {
        const perRoute = {
          resources: withIt[index]!.resources - oneFewer[index]!.resources,
          parameters: withIt[index]!.parameters - oneFewer[index]!.parameters,
        };
        const routesFitting = (used: number, limit: number, each: number) =>
          each > 0 ? Math.floor((limit - used) / each) : Infinity;
        return {
          ...template,
          perRoute,
          routesThatFit: Math.min(
            routesFitting(template.resources, CLOUDFORMATION_LIMITS.resources, perRoute.resources),
            routesFitting(template.parameters, CLOUDFORMATION_LIMITS.parameters, perRoute.parameters),
          ),
        };
      });
      console.info(
        `CloudFormation templates with ${routes.length} routes (custom domain and CDN): ` +
          room
            .map(
              ({ name, resources: used, parameters, perRoute, routesThatFit }) =>
                `${name} ${used} resources (${perRoute.resources} a route), ${parameters} parameters ` +
                `(${perRoute.parameters} a route): ${routesThatFit} more routes fit`,
            )
            .join('; '),
      );
      for (const template of room) {
        expect(template.resources).toBeLessThanOrEqual(CLOUDFORMATION_LIMITS.resources);
        expect(template.parameters).toBeLessThanOrEqual(CLOUDFORMATION_LIMITS.parameters);
        expect(template.perRoute.resources).toBeGreaterThan(0);
      }
      // The parent holds the route's function, role and log group; the routes' stack its permission,
      // integration and route, and one parameter (the function's ARN); the alarms' stack its three
      // alarms, and one parameter (the function's name).
      expect(room.map(({ name, perRoute }) => ({ name, perRoute }))).toEqual([
        { name: 'parent', perRoute: { resources: 3, parameters: 0 } },
        { name: ROUTES_STACK_ID, perRoute: { resources: 3, parameters: 1 } },
        { name: MONITORING_STACK_ID, perRoute: { resources: 3, parameters: 1 } },
      ]);
      // Room is left: the route that brings the stack within this many routes of a limit fails
      // here, while there is still time to split it, instead of failing a deploy.
      expect(Math.min(...room.map(({ routesThatFit }) => routesThatFit))).toBeGreaterThanOrEqual(MIN_ROUTES_OF_ROOM);
    },
    EVERY_BUNDLE_TIMEOUT_MS,
  );

  it('is absent without them: no domain, no mapping, the execute-api endpoint on, links on the API’s own URL', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    template.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 0);
    expect(resources[logicalId(stack.api.node.defaultChild)]!.Properties.DisableExecuteApiEndpoint).toBeFalsy();
    const outputs = template.toJSON().Outputs as Record<string, Json>;
    expect(Object.keys(outputs).filter((name) => name.startsWith('CustomDomain'))).toEqual([]);
    expect(JSON.stringify(outputs.ApiUrl!.Value)).toContain('execute-api');
  });

  it('creates a regional API Gateway domain with the certificate and the TLS 1.2 policy, mapped to the API’s stage', () => {
    const { template: domainTemplate } = withDomain();
    domainTemplate.resourceCountIs('AWS::ApiGatewayV2::DomainName', 1);
    const [domainId, domain] = Object.entries(domainTemplate.findResources('AWS::ApiGatewayV2::DomainName'))[0]!;
    expect(domain.Properties).toEqual({
      DomainName: DOMAIN,
      DomainNameConfigurations: [
        { CertificateArn: CERTIFICATE_ARN, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' },
      ],
    });
    const [apiId] = Object.keys(domainTemplate.findResources('AWS::ApiGatewayV2::Api'));
    const [stageId] = Object.keys(domainTemplate.findResources('AWS::ApiGatewayV2::Stage'));
    const mappings = Object.values(domainTemplate.findResources('AWS::ApiGatewayV2::ApiMapping'));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toEqual({
      ApiId: { Ref: apiId },
      DomainName: { Ref: domainId },
      Stage: '$default',
    });
    // The mapping names the stage by name: it is created after the stage exists.
    expect(mappings[0]!.DependsOn).toEqual([stageId]);
  });

  it('turns the execute-api endpoint off, so that the domain is the API’s only address', () => {
    const { template: domainTemplate } = withDomain();
    domainTemplate.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
  });

  it('gives every row with access.links PUBLIC_BASE_URL https://<domainName>, never an execute-api address', () => {
    const bases = linkBaseUrls(withDomain());
    expect(bases.length).toBeGreaterThan(0);
    expect(bases).toEqual(linkRows.map((route) => ({ fn: route.fn, base: `https://${DOMAIN}` })));
    const { template: domainTemplate } = withDomain();
    const environments = Object.values(domainTemplate.findResources('AWS::Lambda::Function')).map(
      (fn) => fn.Properties.Environment?.Variables ?? {},
    );
    expect(JSON.stringify(environments)).not.toContain('execute-api');
  });

  it('outputs the DNS record’s target (the regional domain name and its hosted zone) and the domain as ApiUrl', () => {
    const { template: domainTemplate } = withDomain();
    const [domainId] = Object.keys(domainTemplate.findResources('AWS::ApiGatewayV2::DomainName'));
    const outputs = domainTemplate.toJSON().Outputs as Record<string, Json>;
    expect(outputs.CustomDomainTarget!.Value).toEqual({ 'Fn::GetAtt': [domainId, 'RegionalDomainName'] });
    expect(outputs.CustomDomainHostedZoneId!.Value).toEqual({ 'Fn::GetAtt': [domainId, 'RegionalHostedZoneId'] });
    expect(outputs.CustomDomainTarget!.Description).toContain(DOMAIN);
    expect(outputs.ApiUrl!.Value).toBe(`https://${DOMAIN}/`);
    expect(outputs.PublicBaseUrl!.Value).toBe(`https://${DOMAIN}`);
  });

  it('lets an explicit publicBaseUrl (a CDN or proxy in front) win over the domain for the links', () => {
    const withBoth = unbundledStack(
      { ...DOMAIN_CONTEXT, publicBaseUrl: 'https://passports.example.com' },
      fewRows((route) => route.access.links === true),
    );
    expect(linkBaseUrls(withBoth).map(({ base }) => base)).toEqual(linkRows.map(() => 'https://passports.example.com'));
    expect(withBoth.template.toJSON().Outputs.PublicBaseUrl.Value).toBe('https://passports.example.com');
    withBoth.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 1);
  });
});

// The CDN itself (context cdn=true) is test/infra/cdn.test.ts: it needs no bundle.
describe('without the CDN (no context cdn)', () => {
  it('has no CloudFront or WAF resource, no CdnUrl, and no function gets an origin secret or a distribution to invalidate', () => {
    const types = Object.values(resources).map((resource) => String(resource.Type));
    expect(types.filter((type) => type.startsWith('AWS::CloudFront') || type.startsWith('AWS::WAFv2'))).toEqual([]);
    expect(Object.keys(template.toJSON().Outputs)).not.toContain('CdnUrl');
    expect(stack.cdn).toBeUndefined();
    expect(JSON.stringify(template.toJSON())).not.toMatch(/CDN_ORIGIN_SECRET|CDN_DISTRIBUTION_ID|CreateInvalidation/);
  });
});

describe('durability (docs/deploy.md, Durability)', () => {
  it('keeps the table restorable to any second of the last 35 days, undeletable while protected, and retained by the stack', () => {
    expect(resources[ids.table]).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      },
    });
  });

  it('keeps every deleted object restorable, and expires only noncurrent versions the service released (never a version document or a pinned file)', () => {
    const bucket = resources[ids.bucket]!;
    expect(bucket).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: { VersioningConfiguration: { Status: 'Enabled' } },
    });
    const rules = bucket.Properties.LifecycleConfiguration.Rules as Json[];
    // Nothing ever expires a current version; a rule that removes noncurrent versions or delete
    // markers is scoped to the tag the service writes just before its own deletes (lib/aws/released.ts).
    for (const rule of rules) {
      expect({ id: rule.Id, expires: rule.ExpirationInDays ?? rule.ExpirationDate }).toEqual({
        id: rule.Id,
        expires: undefined,
      });
      const removesNoncurrent =
        rule.NoncurrentVersionExpiration !== undefined ||
        rule.NoncurrentVersionExpirationInDays !== undefined ||
        rule.NoncurrentVersionTransitions !== undefined ||
        rule.ExpiredObjectDeleteMarker !== undefined;
      if (removesNoncurrent) {
        expect({ id: rule.Id, tags: rule.TagFilters, prefix: rule.Prefix }).toEqual({
          id: rule.Id,
          tags: [{ Key: RELEASED_TAG.key, Value: RELEASED_TAG.value }],
          prefix: undefined,
        });
      }
    }
    expect(rules.find((rule) => rule.NoncurrentVersionExpiration)).toMatchObject({
      NoncurrentVersionExpiration: { NoncurrentDays: NONCURRENT_RELEASED_DAYS },
    });
    // Only a row that deletes may tag, and it tags only to delete.
    for (const route of routes) {
      const actions = grants(route)['bucket-companies-objects'] ?? [];
      expect({ fn: route.fn, tags: actions.includes('s3:PutObjectTagging') }).toEqual({
        fn: route.fn,
        tags: actions.includes('s3:DeleteObject'),
      });
    }
  });

  it('times every route’s function out before the idempotency lock lapses, so no retry takes over a request still running', () => {
    // Any row may take an Idempotency-Key (lib/http/middleware/idempotency.ts), so every route's function counts.
    const lockSeconds = LOCK_MILLISECONDS / 1000;
    for (const route of routes) {
      const timeout = fnProps(route).Timeout as number;
      expect({ fn: route.fn, timeout, shorterThanTheLock: timeout < lockSeconds }).toEqual({
        fn: route.fn,
        timeout,
        shorterThanTheLock: true,
      });
    }
    // The two workers have no route: no request reaches them, so none carries a key.
    expect(routes.map((route) => route.fn)).not.toContain(ANCHOR_WORKER_FN);
    expect(routes.map((route) => route.fn)).not.toContain(KYB_RETRY_WORKER_FN);
  });
});
