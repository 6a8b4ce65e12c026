/**
 * cdk-nag over a CDK app as `cdk synth` runs it (infra/app.ts): its two packs registered the
 * cdk-nag 3 way (`Validations.of(app).addPlugins(...)`) and their findings read from the
 * validation report. What test/infra/nag.test.ts (the stack) and test/infra/backup-stack.test.ts
 * (the back-up's two sides) synthesize with. Functions are left unbundled: the checks read the
 * synthesized properties, not the bundles.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, NagPack, ServerlessChecks } from 'cdk-nag';
import { vi } from 'vitest';
import { REPO_ROOT } from '../../infra/stack';

export interface Finding {
  pack: string;
  rule: string;
  severity: string;
  constructPaths: string[];
}

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: {
      ruleName: string;
      severity?: string;
      violatingConstructs?: { constructPath: string }[];
    }[];
  }[];
}

export const NAG_PACKS = ['AwsSolutions', 'Serverless'];

/** An SPKI PEM public key, as context jwtPublicKeys takes. */
export const publicKeyPem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

/**
 * cdk.json as `cdk synth` reads it: the feature flags and the defaults, plus `context`; unbundled.
 * Without aws-cdk-lib's own CloudFormation validation unless `cloudFormationValidation` (its WASM
 * engine costs about 10 s of CPU a process and more a template; the packs' findings do not include
 * its own, and test/infra/stack.test.ts runs it on the real deployment's template).
 */
export function appWith(context: Record<string, unknown>, { cloudFormationValidation = false } = {}): App {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  return new App({
    builtinCloudFormationValidation: cloudFormationValidation,
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      // Report instead of throwing, so a failure lists every finding.
      '@aws-cdk/core:failSynthOnValidationErrors': false,
      ...context,
    },
  });
}

/** Synthesizes with both packs registered and returns their findings from the validation report. */
export function synthWithNag(app: App): Finding[] {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  const errorOutput = vi.spyOn(console, 'error').mockImplementation(() => {});
  let assemblyDir: string;
  try {
    assemblyDir = app.synth().directory;
  } finally {
    errorOutput.mockRestore();
  }
  let report: ValidationReport;
  try {
    report = JSON.parse(readFileSync(join(assemblyDir, 'validation-report.json'), 'utf8')) as ValidationReport;
  } catch {
    return []; // no plugin reported anything
  }
  return report.pluginReports
    .filter((plugin) => NAG_PACKS.includes(plugin.pluginName))
    .flatMap((plugin) =>
      plugin.violations.map((violation) => ({
        pack: plugin.pluginName,
        rule: violation.ruleName,
        severity: violation.severity ?? 'error',
        constructPaths: (violation.violatingConstructs ?? []).map((construct) => construct.constructPath),
      })),
    );
}

/** aws-cdk-lib's own CloudFormation validation plugin, as it names itself in the validation report. */
export const CLOUDFORMATION_VALIDATE = 'CloudFormation Validate';

/**
 * What aws-cdk-lib's own CloudFormation validation reported for a synthesized assembly, one line a
 * violation (its severity, rule and constructs). The report lists only the plugins that found
 * something, so nothing found and not run read the same: the caller's app turns it on.
 */
export function cloudFormationViolations(assemblyDir: string): string[] {
  const report = JSON.parse(readFileSync(join(assemblyDir, 'validation-report.json'), 'utf8')) as ValidationReport;
  const own = report.pluginReports.find((plugin) => plugin.pluginName === CLOUDFORMATION_VALIDATE);
  return (own?.violations ?? []).map(
    (violation) =>
      `${violation.severity ?? 'error'} ${violation.ruleName} ${(violation.violatingConstructs ?? []).map((c) => c.constructPath)}`,
  );
}

/** What the packs find when no acknowledgement counts: the findings before acknowledging, by rule. */
export function findingsIgnoringAcknowledgements(app: App): Record<string, number> {
  // cdk-nag 3 has no switch for this; its private check is stubbed for this one walk.
  const stub = vi.spyOn(NagPack.prototype as unknown as { isAcknowledged: () => boolean }, 'isAcknowledged');
  stub.mockReturnValue(false);
  try {
    const counts: Record<string, number> = {};
    for (const pack of [new AwsSolutionsChecks(), new ServerlessChecks()]) {
      for (const violation of pack.validateScope(app).violations) {
        counts[violation.ruleName] = (counts[violation.ruleName] ?? 0) + violation.violatingResources.length;
      }
    }
    return counts;
  } finally {
    stub.mockRestore();
  }
}
