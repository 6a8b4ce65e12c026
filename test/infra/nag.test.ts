/**
 * cdk-nag (AwsSolutions and Serverless packs) over the real stack, registered the cdk-nag 3
 * way (`Validations.of(app).addPlugins(...)`), as `cdk synth` runs it (infra/app.ts): through
 * test/support/nag.ts. The checks read the synthesized properties, not the bundles, so the
 * functions are not bundled here (context aws:cdk:bundling-stacks = []).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type App, NestedStack, Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readStackConfig } from '../../infra/config';
import { BACKUP_ONLY, DppServiceStack, NAG_ACKNOWLEDGEMENTS, REPO_ROOT } from '../../infra/stack';
import { appWith, type Finding, findingsIgnoringAcknowledgements, publicKeyPem, synthWithNag } from '../support/nag';

const ruleOf = (acknowledged: string) =>
  new RegExp(
    `^${acknowledged.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('<Bucket\\.Arn>', '<Bucket[0-9A-F]{8}\\.Arn>')}$`,
  );

let app: App;
let findings: Finding[];
let before: Record<string, number>;

beforeAll(() => {
  const started = performance.now();
  // A real deployment's context: two public keys (a rotation), a real origin, its own chain, no
  // sandbox, and a custom domain (the stack without one has the same resources minus the domain's).
  app = appWith({
    jwtPublicKeys: [publicKeyPem(), publicKeyPem()],
    corsAllowOrigins: ['https://app.example.com'],
    evmRpcUrl: 'https://mainnet.example-provider.io/v3/project',
    evmChainId: '1',
    evmExplorerUrl: 'https://etherscan.io',
    region: 'eu-central-1',
    // The largest variant: the CDN in front too.
    cdn: 'true',
    domainName: 'dpp.example.com',
    certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/0f8c4c1e-3b0a-4d0e-9d1e-2a7c9b1f6e21',
  });
  new DppServiceStack(app, 'DppServiceNag', { config: readStackConfig(app) });
  findings = synthWithNag(app);
  const synthSeconds = (performance.now() - started) / 1000;
  before = findingsIgnoringAcknowledgements(app);
  console.info(
    `cdk-nag synth (no bundling): ${synthSeconds.toFixed(1)} s; findings without acknowledgements: ` +
      `${JSON.stringify(before)}; unacknowledged: ${findings.length}`,
  );
}, 120_000);

afterAll(() => {
  vi.restoreAllMocks();
});

describe('cdk-nag (AwsSolutions, Serverless)', () => {
  it('finds nothing that is not acknowledged, error or warning', () => {
    expect(
      findings.map(({ pack, rule, severity, constructPaths }) => `${severity} ${pack} ${rule} ${constructPaths}`),
    ).toEqual([]);
  });

  it('acknowledges only findings the packs really report (no acknowledgement outlives its finding)', () => {
    const reported = Object.keys(before);
    // The back-up's acknowledgements are reported by its variants (test/infra/backup-stack.test.ts).
    for (const { rule } of Object.values(NAG_ACKNOWLEDGEMENTS).filter((ack) => !BACKUP_ONLY.test(ack.on))) {
      expect({ rule, reported: reported.some((name) => ruleOf(rule).test(name)) }).toEqual({ rule, reported: true });
    }
  });

  it.each([
    [
      'dynamodb:Query on index/* (no route queries an index)',
      /^AwsSolutions-IAM5\[Resource::<Table[0-9A-F]{8}\.Arn>\/index\/\*\]$/,
    ],
    [
      'any other wildcard action or resource',
      /^AwsSolutions-IAM5\[(?!Resource::\*\]|Resource::<Bucket[0-9A-F]{8}\.Arn>\/companies\/\*\])/,
    ],
    [
      'API access logs missing',
      /^(AwsSolutions-APIG1|Serverless-APIGWAccessLogging|Serverless-APIGWStructuredLogging)$/,
    ],
    ['Lambda tracing not active', /^Serverless-LambdaTracing$/],
  ])('has fixed, not acknowledged: %s', (_what, rule) => {
    expect(Object.keys(before).filter((name) => rule.test(name))).toEqual([]);
  });

  it('lists every acknowledgement with its reason in docs/deploy.md (cdk-nag acknowledgements)', () => {
    const readme = readFileSync(join(REPO_ROOT, 'docs/deploy.md'), 'utf8');
    for (const { rule, on, reason } of Object.values(NAG_ACKNOWLEDGEMENTS)) {
      const row = `| \`${rule}\` | ${on} | ${reason} |`;
      expect({ rule, on, listed: readme.includes(row) }).toEqual({ rule, on, listed: true });
    }
  });

  it('reports what it is meant to report (the same harness on a bucket with no logs, TLS rule or encryption choice)', () => {
    const probe = appWith({});
    new Bucket(new Stack(probe, 'Probe'), 'Bucket');
    const rules = synthWithNag(probe).map((finding) => finding.rule);
    expect(rules).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']));
  });

  it('checks the resources of nested stacks too (the alarms live in one): the same bucket, nested, is reported', () => {
    const probe = appWith({});
    new Bucket(new NestedStack(new Stack(probe, 'Probe'), 'Nested'), 'Bucket');
    const found = synthWithNag(probe);
    expect(found.map((finding) => finding.rule)).toEqual(expect.arrayContaining(['AwsSolutions-S1']));
    expect(found.flatMap((finding) => finding.constructPaths)).toContain('Probe/Nested/Bucket/Resource');
  });

  it('walked the real stack’s nested stacks: the routes and the alarms', () => {
    const nested = app.node.findAll().filter((scope) => NestedStack.isNestedStack(scope));
    expect(nested.map((scope) => scope.node.path)).toEqual(['DppServiceNag/Routes', 'DppServiceNag/Monitoring']);
  });
});
