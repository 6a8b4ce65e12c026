import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, format, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of .dependency-cruiser.cjs (`npm run boundaries`), run in-process with the
 * same options the CLI would use: once over the real tree, and once over a small tree
 * written here that breaks each rule on purpose, to prove every rule reports what it should
 * and nothing else.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const TSCONFIG = join(ROOT, 'tsconfig.json');

/** What `npm run boundaries` cruises (package.json). */
const SCANNED = ['lib', 'functions', 'scripts', 'infra'];

async function check(baseDir: string): Promise<ICruiseResult> {
  const options: ICruiseOptions = {
    ...(await extractDepcruiseOptions(CONFIG)),
    baseDir,
    tsConfig: { fileName: TSCONFIG },
  };
  const { output } = await cruise(SCANNED, options, {}, { tsConfig: extractTSConfig(TSCONFIG) });
  return output as ICruiseResult;
}

/** What a person reads in `npm run boundaries`: rule, import, and the rule's reason. */
async function explain(result: ICruiseResult): Promise<string> {
  return String((await format(result, { outputType: 'err-long' })).output);
}

// THE REAL TREE. Expected to fail while the issue-5 refactor is under way (lib/ importing
// lib/http/ or the SDK outside lib/aws/); the failure message is the CLI's report.
describe('the real tree (npm run boundaries)', () => {
  // One cruise of the tree (seconds of CPU) read by both tests.
  let cruised: Promise<ICruiseResult> | undefined;
  const real = () => {
    cruised ??= check(ROOT);
    return cruised;
  };

  it('has no boundary violations in lib/, functions/, scripts/ and infra/', async () => {
    const result = await real();
    expect(result.summary.violations, await explain(result)).toEqual([]);
    expect(result.summary.totalCruised).toBeGreaterThan(20);
  }, 90_000); // The cruise: seconds alone, far more on a busy machine (a guard against a hang).

  it('has no folder-level cycle in lib/: its folders stand in layers, each importing only folders below it', async () => {
    const result = await real();
    const folders = result.folders?.filter((folder) => /^lib\/[^/]+$/.test(folder.name)) ?? [];
    expect(folders.length).toBeGreaterThan(15);
    expect(
      folders.flatMap((folder) => (folder.dependencies ?? []).filter((d) => d.circular).map((d) => d.name)),
    ).toEqual([]);
  });
});

/**
 * A tree with one legal module per layer and, per rule, imports that break it. Written to
 * a fresh directory under the OS temp dir (so tsc, Biome and git never see it), with the
 * repository's node_modules linked in so packages resolve exactly as in the real tree.
 */
const FIXTURE: Record<string, string> = {
  // Legal: the shape every file below departs from.
  'functions/ok.ts': "export { handler } from '../lib/http/endpoint';\n",
  // The upper floors (lib/http/, lib/api/) import only the root of lib/ here, so that each bad
  // import below breaks its one rule and closes no folder cycle besides the one made on purpose.
  'lib/http/endpoint.ts': "import { access } from '../access';\nexport const handler = () => access;\n",
  'lib/http/response.ts': 'export interface HttpResponse { statusCode: number }\n',
  'lib/http/cors.ts': 'export const cors = 1;\n',
  'lib/dpps/view.ts':
    "import { get } from '../aws/dynamodb';\nimport { ok } from '../versions/view';\nexport const view = () => get() && ok;\n",
  'lib/versions/view.ts': "import { access } from '../access';\nexport const ok = access;\n",
  'lib/evm/address.ts': 'export const isAddress = () => true;\n',
  'lib/aws/dynamodb.ts': "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const get = () => GetCommand;\n",
  'lib/aws/translate.ts': "import type { Translator } from '../translator';\nexport const t: Translator = {};\n",
  'lib/access.ts': "import { limit } from './limits';\nexport const access = limit;\n",
  'lib/limits.ts': 'export const limit = 1;\n',
  'lib/translator.ts': '// biome-ignore lint: fixture\nexport interface Translator {}\n',
  'lib/api/contract.ts': "import { access } from '../access';\nexport const routes = [access];\n",
  'lib/api/errors.ts': 'export const invalid = 400;\n',
  // A worker declares its access below the domain; an aggregate's subfolder and its parent may
  // import each other (a folder holds its subfolders).
  'lib/anchoring/worker.ts': "import { access } from '../access';\nexport const worker = access;\n",
  'lib/companies/model.ts': "import type { Kyb } from './kyb/model';\nexport type Company = { kyb: Kyb };\n",
  'lib/companies/kyb/model.ts': "export type Kyb = 'PENDING';\n",
  'lib/companies/kyb/repository.ts':
    "import type { Company } from '../model';\nexport const save = (c: Company) => c;\n",
  // scripts/ reach the local stack through its public module only.
  'scripts/admin.ts': "import { readStackFile } from '../infra/local';\nexport const admin = readStackFile;\n",
  'infra/local/index.ts': "export { readStackFile } from './stack-file';\n",
  'infra/local/stack-file.ts': 'export const readStackFile = () => 1;\n',
  'infra/local/seed.ts': 'export const seed = 1;\n',
  // infra/ may use the SDK: reached below through a forbidden lib → infra import, and
  // must add no SDK violation of its own.
  'infra/stack.ts': "import { S3Client } from '@aws-sdk/client-s3';\nexport const stack = S3Client;\n",
  'scripts/bench.ts': 'export const bench = 1;\n',
  'test/support/api.ts': 'export const call = 1;\n',

  // functions-only-lib
  'functions/uses-npm.ts': "import { v4 } from 'uuid';\nexport const handler = v4;\n",
  'functions/uses-builtin.ts': "import { randomUUID } from 'node:crypto';\nexport const handler = randomUUID;\n",
  'functions/uses-handler.ts': "export { handler } from './ok';\n",
  'functions/uses-sdk.ts': "import { S3Client } from '@aws-sdk/client-s3';\nexport const handler = S3Client;\n",

  // not-to-http-composition (the second one is type-only and from the contract)
  'lib/dpps/uses-http.ts': "import { cors } from '../http/cors';\nexport const x = cors;\n",
  'lib/api/uses-http.ts': "import type { HttpResponse } from '../http/response';\nexport type R = HttpResponse;\n",

  // aws-sdk-only-in-lib-aws
  'lib/dpps/raw-query.ts': "import { QueryCommand } from '@aws-sdk/lib-dynamodb';\nexport const q = QueryCommand;\n",
  'lib/data/smithy.ts': "import type { Provider } from '@smithy/types';\nexport type P = Provider<string>;\n",

  // runtime-not-to-infra-scripts-test
  'lib/z.ts': "import { stack } from '../infra/stack';\nexport const z = stack;\n",
  'lib/dpps/uses-scripts.ts': "import { bench } from '../../scripts/bench';\nexport const b = bench;\n",
  'lib/dpps/uses-test.ts': "import { call } from '../../test/support/api';\nexport const c = call;\n",

  // no-circular-in-lib
  'lib/files/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'lib/files/b.ts': "import { a } from './a';\nexport const b = () => a;\n",

  // no-folder-cycle-in-lib: no file cycle (versions/history.ts is not what dpps/view.ts imports),
  // but lib/dpps imports lib/versions and lib/versions imports lib/dpps.
  'lib/versions/history.ts': "import { view } from '../dpps/view';\nexport const history = view;\n",

  // domain-not-to-contract: a domain folder and a worker
  'lib/evm/uses-contract.ts': "import { invalid } from '../api/errors';\nexport const e = invalid;\n",
  'lib/anchoring/uses-contract.ts': "import type { invalid } from '../api/errors';\nexport type E = typeof invalid;\n",

  // aws-not-to-domain
  'lib/aws/uses-domain.ts': "import { isAddress } from '../evm/address';\nexport const a = isAddress;\n",

  // lib-root-is-the-floor
  'lib/uses-folder.ts': "import { isAddress } from './evm/address';\nexport const a = isAddress;\n",

  // scripts-only-local-index: a script and an admin use case reaching past infra/local/index.ts
  'scripts/uses-stack-file.ts':
    "import { readStackFile } from '../infra/local/stack-file';\nexport const r = readStackFile;\n",
  'scripts/admin/use-cases/uses-seed.ts': "import { seed } from '../../../infra/local/seed';\nexport const s = seed;\n",
};

describe('the boundary rules, on a tree that breaks each of them', () => {
  let fixture: string;
  let result: ICruiseResult;
  let report: string;

  beforeAll(async () => {
    fixture = mkdtempSync(join(tmpdir(), 'dpp-boundaries-'));
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }
    symlinkSync(join(ROOT, 'node_modules'), join(fixture, 'node_modules'), 'dir');
    result = await check(fixture);
    report = await explain(result);
  });

  afterAll(() => {
    if (fixture) rmSync(fixture, { recursive: true, force: true });
  });

  /** `from → to` of each violation of one rule, sorted; packages shortened to their name. */
  const violationsOf = (rule: string) =>
    result.summary.violations
      .filter((v) => v.rule.name === rule)
      .map((v) => `${v.from} → ${v.to.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')}`)
      .sort();

  it('functions-only-lib: a handler imports nothing but lib/ (no package, builtin or other handler)', () => {
    expect(violationsOf('functions-only-lib')).toEqual([
      'functions/uses-builtin.ts → crypto',
      'functions/uses-handler.ts → functions/ok.ts',
      'functions/uses-npm.ts → uuid',
      'functions/uses-sdk.ts → @aws-sdk/client-s3',
    ]);
  });

  it('not-to-http-composition: domain modules and lib/api/ never import lib/http/, not even a type', () => {
    expect(violationsOf('not-to-http-composition')).toEqual([
      'lib/api/uses-http.ts → lib/http/response.ts',
      'lib/dpps/uses-http.ts → lib/http/cors.ts',
    ]);
  });

  it('aws-sdk-only-in-lib-aws: @aws-sdk/* and @smithy/* only from lib/aws/ (infra/ exempt)', () => {
    expect(violationsOf('aws-sdk-only-in-lib-aws')).toEqual([
      'functions/uses-sdk.ts → @aws-sdk/client-s3',
      'lib/data/smithy.ts → @smithy/types',
      'lib/dpps/raw-query.ts → @aws-sdk/lib-dynamodb',
    ]);
  });

  it('runtime-not-to-infra-scripts-test: lib/ never imports infra/, scripts/ or test/', () => {
    expect(violationsOf('runtime-not-to-infra-scripts-test')).toEqual([
      'lib/dpps/uses-scripts.ts → scripts/bench.ts',
      'lib/dpps/uses-test.ts → test/support/api.ts',
      'lib/z.ts → infra/stack.ts',
    ]);
  });

  it('no-circular-in-lib: a cycle in lib/ is reported (once, with its path)', () => {
    expect(violationsOf('no-circular-in-lib')).toEqual(['lib/files/a.ts → lib/files/b.ts']);
    const [cycle] = result.summary.violations.filter((v) => v.rule.name === 'no-circular-in-lib');
    expect(cycle?.cycle?.map((step) => step.name)).toEqual(['lib/files/b.ts', 'lib/files/a.ts']);
  });

  it('no-folder-cycle-in-lib: two folders importing each other are reported, with no file cycle between them', () => {
    expect(violationsOf('no-folder-cycle-in-lib')).toEqual(['lib/dpps → lib/versions', 'lib/versions → lib/dpps']);
    expect(violationsOf('no-circular-in-lib')).not.toContain('lib/versions/history.ts → lib/dpps/view.ts');
  });

  it('domain-not-to-contract: a domain folder or a worker never imports lib/api/, not even a type', () => {
    expect(violationsOf('domain-not-to-contract')).toEqual([
      'lib/anchoring/uses-contract.ts → lib/api/errors.ts',
      'lib/evm/uses-contract.ts → lib/api/errors.ts',
    ]);
  });

  it('aws-not-to-domain: an AWS adapter imports only lib/aws/ and the root of lib/ (a port it implements)', () => {
    expect(violationsOf('aws-not-to-domain')).toEqual(['lib/aws/uses-domain.ts → lib/evm/address.ts']);
  });

  it('lib-root-is-the-floor: a module at the root of lib/ imports no folder of lib/', () => {
    expect(violationsOf('lib-root-is-the-floor')).toEqual(['lib/uses-folder.ts → lib/evm/address.ts']);
  });

  it('scripts-only-local-index: scripts/, the admin use cases included, reach infra/local/ only through its index', () => {
    expect(violationsOf('scripts-only-local-index')).toEqual([
      'scripts/admin/use-cases/uses-seed.ts → infra/local/seed.ts',
      'scripts/uses-stack-file.ts → infra/local/stack-file.ts',
    ]);
  });

  it('reports nothing else, as errors, each with its reason for a newcomer', () => {
    expect(result.summary.violations).toHaveLength(21);
    expect(result.summary.error).toBe(21);
    expect(report).toContain('lib/http/ is the top floor');
    expect(report).toContain('error not-to-http-composition: lib/dpps/uses-http.ts → lib/http/cors.ts');
    expect(report).toContain('error scripts-only-local-index: scripts/uses-stack-file.ts → infra/local/stack-file.ts');
  });
});
