import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const cdkJson = JSON.parse(readFileSync(join(import.meta.dirname, '../../cdk.json'), 'utf8')) as {
  notices?: unknown;
  context?: Record<string, unknown>;
};

/**
 * A synth on a closed network (`unshare -rn npm run synth`) makes no call out: the CLI neither
 * fetches notices nor sends telemetry, both switched off where the CLI reads them (aws-cdk 2.1148:
 * the `notices` setting, the `cli-telemetry` context key).
 */
describe('cdk.json', () => {
  it('turns off the CLI notices and telemetry, its only calls out during a synth', () => {
    expect(cdkJson.notices).toBe(false);
    expect(cdkJson.context?.['cli-telemetry']).toBe(false);
  });
});
