import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * docs/openapi.json passes two independent linters with nothing to report: Redocly's
 * `recommended` rules (redocly.yaml; its reviewed exceptions are in .redocly.lint-ignore.yaml)
 * and Spectral's `spectral:oas` (.spectral.yaml). Both run offline from node_modules: Redocly's
 * telemetry is off in its config (and here), its update check is off here, and Spectral's
 * ruleset ships inside the package. About a second each, run side by side.
 */
const ROOT = resolve(import.meta.dirname, '../..');
/** The whole API's document, and the passport API's alone (docs/behaviour.md, The passport API). */
const DOCUMENTS = ['docs/openapi.json', 'docs/openapi-en18222.json'];
const run = promisify(execFile);

/** A CLI of node_modules, run with this Node; its output even when it exits non-zero. */
async function lint(cli: string, args: string[]): Promise<string> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  try {
    return (await run(process.execPath, [resolve(ROOT, 'node_modules', cli), ...args], { cwd: ROOT, env })).stdout;
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? String(error);
  }
}

describe.each(DOCUMENTS)('%s under independent linters', (DOCUMENT) => {
  it("gives 0 errors and 0 warnings under Redocly's recommended rules and Spectral's spectral:oas", async () => {
    const [redocly, spectral] = await Promise.all([
      lint('@redocly/cli/bin/cli.js', ['lint', DOCUMENT, '--format=json']),
      lint('@stoplight/spectral-cli/dist/index.js', [
        'lint',
        DOCUMENT,
        '--format=json',
        '--fail-severity=hint',
        '--quiet',
      ]),
    ]);
    const { totals, problems } = JSON.parse(redocly) as { totals: Record<string, number>; problems: unknown[] };
    expect({ errors: totals.errors, warnings: totals.warnings, problems }).toEqual({
      errors: 0,
      warnings: 0,
      problems: [],
    });
    expect(JSON.parse(spectral)).toEqual([]);
  }, 90_000); // Two linter processes at once: seconds alone, far more on a busy machine (a guard against a hang).
});
