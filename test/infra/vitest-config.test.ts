import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISOLATED_INTEGRATION_FILES, ISOLATED_UNIT_FILES } from '../../vitest.config';

/**
 * Most unit files share their worker's modules (vitest.config.ts, isolate: false). A file that
 * changes what a module holds for the whole process must run isolated, or it changes what the
 * files after it see: a setting read once by lib/config.ts, a mocked module, the registry.
 */
const CHANGES_THE_PROCESS =
  /vi\.mock\(|vi\.stubEnv|vi\.resetModules|process\.env\.[A-Z_]+ *=[^=]|delete process\.env|process\.env\[[^\]]+\] *=[^=]/;

const unitFiles = ['test/lib', 'test/component', 'test/scripts', 'test/infra/iam']
  .flatMap((dir) => globSync(`${dir}/**/*.test.ts`))
  .concat(globSync('test/infra/*.test.ts'))
  .sort();

describe('the unit files that run isolated (ISOLATED_UNIT_FILES)', () => {
  it('include every unit file that changes process.env, mocks a module or resets the registry', () => {
    const changing = unitFiles.filter((file) => CHANGES_THE_PROCESS.test(readFileSync(file, 'utf8')));
    expect(changing.filter((file) => !ISOLATED_UNIT_FILES.includes(file))).toEqual([]);
  });

  it('name only unit files that exist and need it', () => {
    const needless = ISOLATED_UNIT_FILES.filter(
      (file) => !unitFiles.includes(file) || !CHANGES_THE_PROCESS.test(readFileSync(file, 'utf8')),
    );
    expect(needless).toEqual([]);
  });
});

/**
 * The same for the integration files, which also run handlers and workers in their own process
 * (Object.assign(process.env, …)), spy on modules the next file would share, or run the admin
 * CLI in-process (it puts the stack's settings in process.env).
 */
const CHANGES_AN_INTEGRATION_PROCESS = new RegExp(
  `${CHANGES_THE_PROCESS.source}|Object\\.assign\\(process\\.env|vi\\.spyOn|useFakeTimers|runAdminHere`,
);

const integrationFiles = ['test/functions', 'test/events', 'test/infra/local', 'test/fuzz']
  .flatMap((dir) => globSync(`${dir}/**/*.test.ts`))
  .sort();

describe('the integration files that run isolated (ISOLATED_INTEGRATION_FILES)', () => {
  it('include every integration file that changes process.env, spies, mocks or runs the CLI in-process', () => {
    const changing = integrationFiles.filter((file) => CHANGES_AN_INTEGRATION_PROCESS.test(readFileSync(file, 'utf8')));
    expect(changing.filter((file) => !ISOLATED_INTEGRATION_FILES.includes(file))).toEqual([]);
  });

  it('name only integration files that exist and need it', () => {
    const needless = ISOLATED_INTEGRATION_FILES.filter(
      (file) => !integrationFiles.includes(file) || !CHANGES_AN_INTEGRATION_PROCESS.test(readFileSync(file, 'utf8')),
    );
    expect(needless).toEqual([]);
  });
});
