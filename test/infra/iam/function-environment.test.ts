import { beforeAll, describe, expect, it } from 'vitest';
import type { Engines } from '../../../infra/local/engines';
import { LOCAL_CLOUD_ONLY_VALUES, LOCAL_SETTINGS, localEnvironment } from '../../../infra/local/environment';
import { functionCredentials } from '../../../infra/local/iam';
import { functionIdentities, type Template } from '../../../infra/local/iam/template';
import { functionEnvironment } from '../../../infra/local/runtime/environment';
import { type SamEnv, samEnv, sandboxTemplate } from '../../../infra/local/sam-env';
import type { SigningKeys } from '../../../infra/local/signing-keys';

/**
 * One environment: each local function runs with exactly the settings the synthesized template
 * gives it (cloud-only values from LOCAL_CLOUD_ONLY_VALUES), changed only as LOCAL_SETTINGS says
 * (infra/local/environment.ts), plus its own credentials. Both ways: nothing missing, nothing more.
 */
const engine = (port: number) => ({ endpoint: `http://127.0.0.1:${port}`, stop: async () => undefined });
const engines = {
  dynamodb: engine(1),
  s3: engine(2),
  ses: { ...engine(3), storeUrl: 'http://127.0.0.1:3/store' },
  stripe: engine(4),
  vies: engine(5),
  translate: engine(7),
  evm: engine(6),
} as unknown as Engines;
const keys = { publicKeyPem: 'PUBLIC', privateKeyPem: 'PRIVATE', issuerKeyPem: 'ISSUER' } as SigningKeys;
/** The local stack's environment, as infra/local/stack.ts completes it. */
const stackEnv: Record<string, string> = {
  ...localEnvironment(engines, keys, 'SILENT'),
  CURSOR_KEY: 'CURSOR',
  PUBLIC_BASE_URL: 'http://127.0.0.1:9',
  EVM_EXPLORER_URL: 'http://127.0.0.1:9/local/chain',
};
const CREDENTIALS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];

let settings: SamEnv;
/** Each function's template settings, and its local ones. */
const templateOf: Record<string, Record<string, string>> = {};
const local = new Map<string, Record<string, string>>();
beforeAll(() => {
  const template = sandboxTemplate() as Template;
  settings = samEnv(template);
  for (const { fn, logicalId } of functionIdentities(template).values()) {
    templateOf[fn] = settings[logicalId] ?? {};
    local.set(fn, functionEnvironment(fn, templateOf[fn], stackEnv));
  }
});

describe('a local function’s settings', () => {
  it('hold every setting the template gives it, with the template’s value unless LOCAL_SETTINGS replaces it', () => {
    const differences: string[] = [];
    for (const [fn, env] of local) {
      for (const [key, value] of Object.entries(templateOf[fn] ?? {})) {
        // A sandbox template declares, empty, each setting a local run adds (SAM's env.json): the local value fills it.
        const rule = LOCAL_SETTINGS[key];
        const replaced = rule !== undefined && ('replaces' in rule || value === '');
        if (!(key in env)) differences.push(`${fn}: ${key} missing`);
        else if (!replaced && env[key] !== value) differences.push(`${fn}: ${key}=${env[key]}, template ${value}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('hold nothing else: each added setting is LOCAL_SETTINGS’ for a key of its template settings, or its own credentials', () => {
    const extra: string[] = [];
    for (const [fn, env] of local) {
      const template = templateOf[fn] ?? {};
      for (const key of Object.keys(env)) {
        if (key in template || CREDENTIALS.includes(key)) continue;
        const rule = LOCAL_SETTINGS[key];
        if (!rule || !('adds' in rule) || !(rule.adds === '*' || rule.adds in template)) extra.push(`${fn}: ${key}`);
      }
    }
    expect(extra).toEqual([]);
  });

  it('sign as the function itself, never with the engines’ own keys', () => {
    for (const [fn, env] of local) {
      expect(env.AWS_ACCESS_KEY_ID).toBe(functionCredentials(fn).accessKeyId);
      expect(env.AWS_ACCESS_KEY_ID).not.toBe(stackEnv.AWS_ACCESS_KEY_ID);
    }
  });

  it('come from one table: every setting of the local stack is a template setting, LOCAL_SETTINGS’ or a credential', () => {
    const templateKeys = new Set(Object.values(settings).flatMap((env) => Object.keys(env)));
    const unlisted = Object.keys(stackEnv).filter(
      (key) => !templateKeys.has(key) && LOCAL_SETTINGS[key] === undefined && !CREDENTIALS.includes(key),
    );
    expect(unlisted).toEqual([]);
    // And each cloud-only value is in the template as a local value only through LOCAL_CLOUD_ONLY_VALUES.
    for (const env of Object.values(settings)) {
      for (const [key, value] of Object.entries(env)) {
        if (key in LOCAL_CLOUD_ONLY_VALUES) expect(value).toBe(LOCAL_CLOUD_ONLY_VALUES[key]);
      }
    }
  });
});
