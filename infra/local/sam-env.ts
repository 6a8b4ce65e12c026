/**
 * env.json for `sam local invoke --env-vars env.json` (`npm run sam:env`): for each function of
 * the synthesized template (cdk.json's context, `-c sandbox=true`, functions left unbundled: the
 * bundles change no setting), keyed by its logical id, exactly the settings the template gives
 * it; each cloud-only value (a Ref, a GetAtt) is the local one of LOCAL_CLOUD_ONLY_VALUES
 * (environment.ts), every other value the template's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import type { Route } from '../../lib/api/contract';
import { readStackConfig } from '../config';
import { DppServiceStack } from '../stack';
import { LOCAL_CLOUD_ONLY_VALUES } from './environment';

const REPO_ROOT = join(import.meta.dirname, '../..');

export type SamEnv = Record<string, Record<string, string>>;

interface TemplateResource {
  Type: string;
  Properties?: { Environment?: { Variables?: Record<string, unknown> } };
}

/** The sandbox template as `npm run synth` writes it, synthesized in this process without bundling (`routes`: a variant of the route table, for tests). */
export function synthesizedTemplate(routes?: readonly Route[]): { Resources: Record<string, TemplateResource> } {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: object };
  const app = new App({ context: { ...cdkJson.context, sandbox: true, 'aws:cdk:bundling-stacks': [] } });
  const config = readStackConfig(app);
  const stack = new DppServiceStack(app, config.stackName, { config, routes });
  return app.synth().getStackArtifact(stack.artifactId).template as { Resources: Record<string, TemplateResource> };
}

/** Each function's settings, cloud-only values replaced; a cloud-only value with no local one stops it, naming the setting. */
export function samEnv(template = synthesizedTemplate()): SamEnv {
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
