/**
 * The synthesized template's settings per function (cdk.json's context, `-c sandbox=true`,
 * functions left unbundled: the bundles change no setting), keyed by logical id, each
 * cloud-only value (a Ref, a GetAtt) the local one of LOCAL_CLOUD_ONLY_VALUES (environment.ts):
 * what the local runtime starts each function with (runtime/environment.ts). And env.json for
 * `sam local invoke --env-vars env.json` (`npm run sam:env`, samEnvFile): the same settings
 * by SAM's function id, with `npm start`'s engines, keys and issuer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import type { Route } from '../../lib/api/contract';
import { functionId } from '../../lib/api/routes';
import { readStackConfig } from '../config';
import { DppServiceStack } from '../stack';
import { ensureCursorKey } from './cursor-key';
import type { Engines } from './engines';
import {
  LOCAL_BACKUP_BASE_URL,
  LOCAL_BACKUP_CONTEXT,
  LOCAL_CLOUD_ONLY_VALUES,
  LOCAL_SETTINGS,
  localEnvironment,
  localExplorerUrl,
} from './environment';
import { functionCredentials } from './iam/credentials';
import { allFunctions } from './iam/template';
import { cachedTemplate } from './runtime/template-cache';
import { ensureSigningKeys } from './signing-keys';
import { readStackFile } from './stack-file';

const REPO_ROOT = join(import.meta.dirname, '../..');

export type SamEnv = Record<string, Record<string, string>>;

interface TemplateResource {
  Type: string;
  Metadata?: Record<string, unknown>;
  Properties?: { Environment?: { Variables?: Record<string, unknown> } };
}

/** The sandbox template as `npm run synth` writes it, synthesized in this process without bundling (`routes`: a variant of the route table, for tests). */
export function synthesizedTemplate(routes?: readonly Route[]): { Resources: Record<string, TemplateResource> } {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: object };
  // Path metadata as the CDK CLI writes it (`npm run synth`): SAM names a function by its construct path.
  const app = new App({
    // Read for its functions' settings and roles only: `cdk synth` and `cdk deploy` validate the
    // deployed template (infra/app.ts); here the validation's engine would cost ~10 s of CPU a start.
    builtinCloudFormationValidation: false,
    context: {
      ...cdkJson.context,
      sandbox: true,
      // The back-up copy's address, so the rows with access.backup get BACKUP_BASE_URL as in a deployment with one.
      backupBaseUrl: LOCAL_BACKUP_BASE_URL,
      // The back-up's resources (another account and region), so the stack has the replicator that
      // `npm start -- --backup` runs on its stream (infra/local/backup.ts), as a deployment with a back-up.
      ...LOCAL_BACKUP_CONTEXT,
      'aws:cdk:bundling-stacks': [],
      'aws:cdk:enable-path-metadata': true,
    },
  });
  const config = readStackConfig(app);
  const stack = new DppServiceStack(app, config.stackName, { config, routes });
  return app.synth().getStackArtifact(stack.artifactId).template as { Resources: Record<string, TemplateResource> };
}

/**
 * synthesizedTemplate() of the whole route table, kept while its inputs are unchanged
 * (runtime/template-cache.ts): what the local stack and the tests that read the sandbox template
 * share, synthesized once. Without the sandbox's deploy warnings that CDK prints on every synth
 * (they are for a deployment: `npm run synth` shows them).
 */
export function sandboxTemplate(): ReturnType<typeof synthesizedTemplate> {
  return cachedTemplate(() => {
    const print = console.error;
    console.error = () => undefined;
    try {
      return synthesizedTemplate();
    } finally {
      console.error = print;
    }
  });
}

/** Each function's settings, cloud-only values replaced; a cloud-only value with no local one stops it, naming the setting. */
export function samEnv(template = sandboxTemplate()): SamEnv {
  const env: SamEnv = {};
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const variables = resource.Properties?.Environment?.Variables ?? {};
    env[logicalId] = Object.fromEntries(
      Object.entries(variables).map(([key, value]) => {
        if (typeof value === 'string') return [key, value];
        const local = LOCAL_CLOUD_ONLY_VALUES[key];
        if (local === undefined) {
          throw new Error(
            `${logicalId}: ${key} is cloud-only (${JSON.stringify(value)}) and has no local value in LOCAL_CLOUD_ONLY_VALUES (infra/local/environment.ts)`,
          );
        }
        return [key, local];
      }),
    );
  }
  return env;
}

export const samEnvJson = (env: SamEnv = samEnv()): string => `${JSON.stringify(env, null, 2)}\n`;

/** The settings of env.json that name an engine the function calls: from inside SAM's container they point at the host. */
export const ENGINE_ENDPOINT_SETTINGS: readonly string[] = [
  'DYNAMODB_ENDPOINT',
  'BACKUP_DYNAMODB_ENDPOINT',
  'S3_ENDPOINT',
  'SES_ENDPOINT',
  'STRIPE_API_URL',
  'EVM_RPC_URL',
  'TRANSLATE_ENDPOINT',
  'VIES_URL',
];

/** Where a container reaches the host's loopback (Docker Desktop by itself; Linux: see docs/local.md). */
export const DOCKER_HOST = 'host.docker.internal';

/**
 * The id `sam local invoke` takes for a function of a CDK template: the construct's id, the
 * second-last part of its `aws:cdk:path` (`DppService/GetDppFunction/Resource`), as SAM's
 * resource_metadata_normalizer reads it; the logical id when there is no such path.
 */
export function samFunctionId(logicalId: string, resource: { Metadata?: Record<string, unknown> }): string {
  const path = resource.Metadata?.['aws:cdk:path'];
  if (typeof path !== 'string') return logicalId;
  const parts = path.split('/');
  if (parts.length < 2 || parts.length > 3) return logicalId;
  return parts.at(-1) === 'Resource' ? (parts.at(-2) ?? logicalId) : (parts.at(-1) ?? logicalId);
}

/**
 * env.json for `sam local invoke --env-vars env.json` against a running `npm start`
 * (`stackEnv`: its environment, infra/local/stack.ts; `npm run sam:env` rebuilds it from
 * .local/stack.json and .local's keys): for each function, by the id SAM takes (samFunctionId),
 * each variable the template declares for it, with the local stack's value where LOCAL_SETTINGS
 * says the local one differs or adds (the engines' addresses, the JWT keys and issuer, the
 * secrets inlined), else the template's own (cloud-only values from LOCAL_CLOUD_ONLY_VALUES).
 * Only declared variables: SAM ignores any other. An engine's address names `host`, as seen
 * from SAM's container.
 */
export function samEnvFile(
  template: { Resources: Record<string, TemplateResource & { Metadata?: Record<string, unknown> }> },
  stackEnv: Readonly<Record<string, string | undefined>>,
  host = DOCKER_HOST,
): SamEnv {
  const settings = samEnv(template);
  const file: SamEnv = {};
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const id = samFunctionId(logicalId, resource);
    if (file[id]) throw new Error(`${logicalId}: SAM's id ${id} names two functions`);
    file[id] = Object.fromEntries(
      Object.entries(settings[logicalId] ?? {}).map(([key, value]) => {
        const local = LOCAL_SETTINGS[key] === undefined ? undefined : stackEnv[key];
        const chosen = local ?? value;
        return [key, ENGINE_ENDPOINT_SETTINGS.includes(key) ? toHost(chosen, host) : chosen];
      }),
    );
  }
  return file;
}

const toHost = (url: string, host: string): string =>
  url.replace(/^(https?:\/\/)(127\.0\.0\.1|localhost|\[::1\])(?=[:/]|$)/, `$1${host}`);

/**
 * `npm start`'s environment as its functions get it, rebuilt from what it leaves in `dir`
 * (.local): the stack file (the API's and each engine's address) and the keys it generated
 * there. Stops, saying what to do, when no stack is running.
 */
export async function runningStackEnv(dir: string): Promise<Record<string, string>> {
  const stack = await readStackFile(dir);
  if (!stack?.engines) {
    throw new Error(`no running local stack: ${join(dir, 'stack.json')} is missing; run \`npm start\` first`);
  }
  const engine = (name: string) => {
    const endpoint = stack.engines?.[name];
    if (!endpoint) throw new Error(`${join(dir, 'stack.json')} names no ${name} engine; restart \`npm start\``);
    return { endpoint };
  };
  const engines = {
    dynamodb: engine('dynamodb'),
    s3: engine('s3'),
    ses: engine('ses'),
    stripe: engine('stripe'),
    vies: engine('vies'),
    translate: engine('translate'),
    evm: engine('evm'),
  } as unknown as Engines;
  const [keys, cursorKey] = await Promise.all([ensureSigningKeys(dir), ensureCursorKey(dir)]);
  return {
    ...localEnvironment(engines, keys, 'INFO'),
    CURSOR_KEY: cursorKey,
    PUBLIC_BASE_URL: stack.apiUrl,
    EVM_EXPLORER_URL: localExplorerUrl(stack.apiUrl),
    // `npm start -- --backup`: the back-up's own DynamoDB Local, for the replicator.
    ...(stack.engines.backupDynamodb && { BACKUP_DYNAMODB_ENDPOINT: stack.engines.backupDynamodb }),
  };
}

/**
 * The local credentials of the function SAM names `samId` (`AWS_ACCESS_KEY_ID=… AWS_SECRET_ACCESS_KEY=…`):
 * the IAM check in front of each engine knows a function by them (iam/credentials.ts), and SAM
 * takes credentials from the shell only (Lambda reserves AWS_ACCESS_KEY_ID, so env.json cannot set them).
 */
export function samCredentials(samId: string): string {
  const fn = allFunctions().find((name) => functionId(name) === samId);
  if (!fn) throw new Error(`${samId} is no function of the stack (see docs/local.md, sam local invoke)`);
  const { accessKeyId, secretAccessKey } = functionCredentials(fn);
  return `AWS_ACCESS_KEY_ID=${accessKeyId} AWS_SECRET_ACCESS_KEY=${secretAccessKey}`;
}
