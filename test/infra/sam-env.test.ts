import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engines } from '../../infra/local/engines';
import { LOCAL_CLOUD_ONLY_VALUES, LOCAL_SETTINGS, localEnvironment } from '../../infra/local/environment';
import { functionCredentials } from '../../infra/local/iam';
import {
  DOCKER_HOST,
  ENGINE_ENDPOINT_SETTINGS,
  runningStackEnv,
  type SamEnv,
  samCredentials,
  samEnv,
  samEnvFile,
  samFunctionId,
  sandboxTemplate,
} from '../../infra/local/sam-env';
import { LAMBDA_RESERVED_SETTINGS } from '../../infra/local/settings';
import type { SigningKeys } from '../../infra/local/signing-keys';

/**
 * env.json (`npm run sam:env`, infra/local/sam-env.ts) for `sam local invoke <Function> -e
 * events/… --env-vars env.json` against `npm start`'s engines. SAM sets only the variables the
 * template declares for a function, looks env.json up by logical id or by the construct's id
 * (aws:cdk:path), and reaches the host from its container. Checked without SAM or Docker: the
 * sandbox template as `npm run synth` writes it, and env.json as sam:env builds it from a stack.
 */
const engine = (port: number) => ({ endpoint: `http://127.0.0.1:${port}` });
const engines = {
  dynamodb: engine(8000),
  s3: engine(4569),
  ses: engine(8005),
  stripe: engine(12111),
  vies: engine(8089),
  translate: engine(8091),
  evm: engine(8545),
} as unknown as Engines;
const keys = { publicKeyPem: 'PUBLIC', privateKeyPem: 'PRIVATE', issuerKeyPem: 'ISSUER' } as SigningKeys;
const stackEnv: Record<string, string> = {
  ...localEnvironment(engines, keys, 'INFO'),
  CURSOR_KEY: 'CURSOR',
  PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
  EVM_EXPLORER_URL: 'http://127.0.0.1:3000/local/chain',
};

type Resource = { Type: string; Metadata?: Record<string, unknown>; Properties?: Record<string, unknown> };
let template: { Resources: Record<string, Resource> };
/** Each function by SAM's id: the variables its template declares. */
const declared = new Map<string, Record<string, unknown>>();
let file: SamEnv;
beforeAll(() => {
  template = sandboxTemplate() as typeof template;
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const environment = resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined;
    declared.set(samFunctionId(logicalId, resource), environment?.Variables ?? {});
  }
  file = samEnvFile(template as Parameters<typeof samEnvFile>[0], stackEnv);
});

describe('env.json for sam local invoke', () => {
  it('names each function by the id SAM takes, its construct id from aws:cdk:path (GetDppFunction, not GetDppFunction551F4632)', () => {
    expect(Object.keys(file).sort()).toEqual([...declared.keys()].sort());
    expect(file).toHaveProperty('GetDppFunction');
    expect(Object.keys(file).filter((id) => /[0-9A-F]{8}$/.test(id))).toEqual([]);
  });

  it('sets only variables the sandbox template declares for that function (SAM ignores any other), and every one of them', () => {
    for (const [id, variables] of declared) {
      expect(Object.keys(file[id] ?? {}).sort(), id).toEqual(Object.keys(variables).sort());
    }
  });

  it('gives every function each engine address, inlined secret and stand-in setting a local run adds, pointing at the host from the container', () => {
    const problems: string[] = [];
    for (const [id, variables] of declared) {
      for (const [key, rule] of Object.entries(LOCAL_SETTINGS)) {
        if (!('adds' in rule) || LAMBDA_RESERVED_SETTINGS.includes(key)) continue;
        if (rule.adds !== '*' && !(rule.adds in variables)) continue;
        const value = file[id]?.[key];
        if (!value) problems.push(`${id}: ${key} unset`);
        else if (ENGINE_ENDPOINT_SETTINGS.includes(key) && !value.startsWith(`http://${DOCKER_HOST}:`))
          problems.push(`${id}: ${key}=${value}`);
      }
    }
    expect(problems).toEqual([]);
    expect(file.GetDppFunction).toMatchObject({ DYNAMODB_ENDPOINT: `http://${DOCKER_HOST}:8000` });
    expect(file.CreateDppFileFunction).toMatchObject({ S3_ENDPOINT: `http://${DOCKER_HOST}:4569` });
  });

  it('gives every token-checking function the running stack’s public key, issuer and audience, never an empty key', () => {
    const checking = [...declared].filter(([, variables]) => 'JWT_PUBLIC_KEYS' in variables);
    expect(checking.length).toBeGreaterThan(10);
    for (const [id] of checking) {
      expect(file[id], id).toMatchObject({
        JWT_PUBLIC_KEYS: 'PUBLIC',
        JWT_ISSUER: stackEnv.JWT_ISSUER,
        JWT_AUDIENCE: stackEnv.JWT_AUDIENCE,
      });
    }
    expect(file.GenerateJwtFunction).toMatchObject({ JWT_PRIVATE_KEY: 'PRIVATE' });
  });

  it('keeps the API’s own address for the links a function writes (the browser follows them, not the container)', () => {
    expect(file.ListDppVersionsFunction?.PUBLIC_BASE_URL).toBe('http://127.0.0.1:3000');
  });

  it('has every function docs/local.md invokes, by the name written there', () => {
    const docs = readFileSync(join(import.meta.dirname, '../../docs/local.md'), 'utf8');
    const invoked = [...docs.matchAll(/sam local invoke(?: -t \S+)? (\w+)/g)].map((match) => match[1]);
    const listed = [...docs.matchAll(/^\| `(\w+Function)` \|/gm)].map((match) => match[1]);
    expect(invoked.length).toBeGreaterThan(2);
    expect(listed.length).toBe(declared.size);
    for (const name of [...invoked, ...listed]) expect(declared.has(name ?? ''), name).toBe(true);
  });

  it('gives SAM’s shell the function’s own local credentials, which the IAM check knows it by', () => {
    const { accessKeyId, secretAccessKey } = functionCredentials('get-dpp');
    expect(samCredentials('GetDppFunction')).toBe(
      `AWS_ACCESS_KEY_ID=${accessKeyId} AWS_SECRET_ACCESS_KEY=${secretAccessKey}`,
    );
    expect(() => samCredentials('GetDppFunction551F4632')).toThrow(/no function of the stack/);
  });

  it('is built from a running stack’s file and keys, and says to run `npm start` when there is none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sam-env-'));
    await expect(runningStackEnv(dir)).rejects.toThrow(/run `npm start` first/);
    const endpoints = Object.fromEntries(Object.entries(engines).map(([name, e]) => [name, e.endpoint]));
    writeFileSync(
      join(dir, 'stack.json'),
      JSON.stringify({ apiUrl: 'http://127.0.0.1:3000', pid: 1, env: {}, engines: endpoints }),
    );
    const env = await runningStackEnv(dir);
    expect(env).toMatchObject({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000', PUBLIC_BASE_URL: 'http://127.0.0.1:3000' });
    expect(env.JWT_PUBLIC_KEYS).toContain('BEGIN PUBLIC KEY');
    expect(env.CURSOR_KEY).toBeTruthy();
  });
});

describe('the template settings the local runtime starts from', () => {
  it('has a use for every row of the local-value table (no stale row)', () => {
    const cloudOnly = new Set(
      [...declared.values()].flatMap((variables) =>
        Object.entries(variables)
          .filter(([, value]) => typeof value !== 'string')
          .map(([key]) => key),
      ),
    );
    expect([...cloudOnly].sort()).toEqual(Object.keys(LOCAL_CLOUD_ONLY_VALUES).sort());
  });

  it('stops at a cloud-only setting that has no local value, naming the function and the setting', () => {
    const withUnknown = {
      Resources: {
        SomeFunction: {
          Type: 'AWS::Lambda::Function',
          Properties: { Environment: { Variables: { QUEUE_URL: { Ref: 'Queue' } } } },
        },
      },
    };
    expect(() => samEnv(withUnknown)).toThrow(/SomeFunction: QUEUE_URL is cloud-only/);
  });
});
