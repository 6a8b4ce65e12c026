import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CLOUD_ONLY_VALUES } from '../../infra/local/environment';
import { samEnv, samEnvJson, synthesizedTemplate } from '../../infra/local/sam-env';

/**
 * env.json (`npm run sam:env`, infra/local/sam-env.ts; in the unit project, as it synthesizes
 * without the local engines): every setting of every function of the template, nothing more,
 * each cloud-only value the local one of the one table.
 */
let template: ReturnType<typeof synthesizedTemplate>;
let functions: [string, Record<string, unknown>][];
beforeAll(() => {
  template = synthesizedTemplate();
  functions = Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
    .map(([id, resource]) => [id, resource.Properties?.Environment?.Variables ?? {}]);
});
const committed = () => readFileSync(join(import.meta.dirname, '../../env.json'), 'utf8');

describe('env.json', () => {
  it('is what `npm run sam:env` writes from the template today (run it after a change to the stack)', () => {
    expect(committed()).toBe(samEnvJson(samEnv(template)));
  });

  it('names every function of the template, and gives each exactly the settings the template gives it', () => {
    const env = JSON.parse(committed()) as Record<string, Record<string, string>>;
    expect(Object.keys(env).sort()).toEqual(functions.map(([id]) => id).sort());
    for (const [id, variables] of functions) {
      expect(Object.keys(env[id]!).sort(), id).toEqual(Object.keys(variables).sort());
      for (const [key, value] of Object.entries(variables)) {
        expect(env[id]![key], `${id} ${key}`).toBe(typeof value === 'string' ? value : LOCAL_CLOUD_ONLY_VALUES[key]);
      }
    }
  });

  it('has a use for every row of the local-value table (no stale row)', () => {
    const cloudOnly = new Set(
      functions.flatMap(([, variables]) =>
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
