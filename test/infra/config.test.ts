/**
 * The CDK context (infra/config.ts): every value read and validated, and the defaults a
 * deployment may not keep (no JWT public key, a localhost CORS origin, no EVM chain to anchor
 * on) stop the synth unless the deployment says it is a throwaway sandbox.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import {
  CONTEXT_DEFAULTS,
  MAX_JWT_PUBLIC_KEYS,
  readStackConfig,
  SANDBOX_EVM,
  StackConfigError,
} from '../../infra/config';
import { REPO_ROOT } from '../../infra/stack';

const es256PublicKey = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString()
    .trim();
const CURRENT_KEY = es256PublicKey();
const PREVIOUS_KEY = es256PublicKey();
const RSA_PUBLIC_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString()
  .trim();
const PRIVATE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString()
  .trim();

/** The chain a real deployment anchors on (context evmRpcUrl, evmChainId, evmExplorerUrl). */
const EVM = {
  evmRpcUrl: 'https://mainnet.example-provider.io/v3/project',
  evmChainId: '1',
  evmExplorerUrl: 'https://etherscan.io',
};
/** What a real deployment passes besides the defaults. */
const DEPLOYMENT = { jwtPublicKeys: CURRENT_KEY, corsAllowOrigins: 'https://app.example.com', ...EVM };

const configOf = (context: Record<string, unknown>) => readStackConfig(new App({ context }));
const failureOf = (context: Record<string, unknown>): StackConfigError => {
  try {
    configOf(context);
  } catch (error) {
    if (error instanceof StackConfigError) return error;
    throw error;
  }
  throw new Error(`no StackConfigError for ${JSON.stringify(context)}`);
};

describe('readStackConfig: what a deployment may not keep', () => {
  it('stops a deployment with no JWT public key and the localhost CORS origin, naming both and the sandbox flag', () => {
    const error = failureOf({});
    expect(error.message).toMatch(
      /^Invalid CDK context "jwtPublicKeys", "corsAllowOrigins", "evmRpcUrl", "evmChainId", "evmExplorerUrl": /,
    );
    expect(error.message).toContain('no JWT public key');
    expect(error.message).toContain('-c jwtPublicKeys=');
    expect(error.message).toContain('http://localhost:5173 is a development origin');
    expect(error.message).toContain('-c sandbox=true');
  });

  it('stops a deployment that has its key but keeps a loopback origin', () => {
    for (const origin of ['http://localhost:5173', 'https://localhost', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      const error = failureOf({ ...DEPLOYMENT, corsAllowOrigins: ['https://app.example.com', origin] });
      expect(error.message).toMatch(/^Invalid CDK context "corsAllowOrigins": /);
      expect(error.message).toContain(`${origin} is a development origin`);
    }
  });

  it('stops a deployment that has a real origin but no key', () => {
    expect(failureOf({ corsAllowOrigins: 'https://app.example.com', ...EVM }).message).toMatch(
      /^Invalid CDK context "jwtPublicKeys": no JWT public key/,
    );
  });

  it('passes a deployment with its key(s) and real origins, with no sandbox warning', () => {
    expect(configOf(DEPLOYMENT)).toMatchObject({
      jwtPublicKeys: [CURRENT_KEY],
      corsAllowOrigins: ['https://app.example.com'],
      sandbox: false,
      sandboxWarnings: [],
    });
  });

  it('lets a sandbox (-c sandbox=true) keep every default, with one warning per default kept', () => {
    expect(configOf({ sandbox: 'true' })).toEqual({
      stackName: 'DppService',
      sesFromAddress: 'no-reply@example.com',
      jwtIssuer: 'dpp-service',
      jwtAudience: 'dpp-service',
      jwtPublicKeys: [],
      logRetention: 30,
      logLevel: 'INFO',
      corsAllowOrigins: ['http://localhost:5173'],
      throttle: { rateLimit: 50, burstLimit: 100 },
      publicDppThrottle: { rateLimit: 25, burstLimit: 50 },
      alarms: CONTEXT_DEFAULTS.alarms,
      evm: SANDBOX_EVM,
      cdn: false,
      role: 'primary',
      sandbox: true,
      sandboxWarnings: [
        expect.stringMatching(/^Sandbox deployment keeps "jwtPublicKeys": no JWT public key/),
        expect.stringMatching(/^Sandbox deployment keeps "corsAllowOrigins": http:\/\/localhost:5173/),
        expect.stringMatching(/^Sandbox deployment keeps "evmRpcUrl": .*Sepolia's: https:\/\/ethereum-sepolia/),
        expect.stringMatching(/^Sandbox deployment keeps "evmChainId": .*Sepolia's: 11155111/),
        expect.stringMatching(
          /^Sandbox deployment keeps "evmExplorerUrl": .*Sepolia's: https:\/\/sepolia\.etherscan\.io/,
        ),
      ],
    });
    expect(configOf({ sandbox: true }).sandbox).toBe(true);
  });

  it('reads cdn=true, and then leaves the links’ base to the distribution unless publicBaseUrl names one', () => {
    const domain = {
      region: 'eu-central-1',
      domainName: 'dpp.example.com',
      certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/0f8c4c1e-3b0a-4d0e-9d1e-2a7c9b1f6e21',
    };
    expect(configOf(DEPLOYMENT).cdn).toBe(false);
    expect(configOf({ ...DEPLOYMENT, ...domain }).publicBaseUrl).toBe('https://dpp.example.com');
    expect(configOf({ ...DEPLOYMENT, ...domain, cdn: 'true' })).toMatchObject({ cdn: true });
    expect(configOf({ ...DEPLOYMENT, ...domain, cdn: 'true' }).publicBaseUrl).toBeUndefined();
    expect(
      configOf({ ...DEPLOYMENT, ...domain, cdn: true, publicBaseUrl: 'https://passports.example.com' }).publicBaseUrl,
    ).toBe('https://passports.example.com');
    expect(failureOf({ ...DEPLOYMENT, cdn: 'yes' }).message).toMatch(/"cdn": expected true or false/);
  });

  it.each([['yes'], [1], ['TRUE ']])('rejects sandbox = %j (true or false only)', (value) => {
    expect(failureOf({ ...DEPLOYMENT, sandbox: value }).message).toMatch(/"sandbox": expected true or false/);
  });

  it('reads the defaults written in cdk.json as the code has them', () => {
    const context = (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: object }).context;
    const settings = Object.fromEntries(Object.entries(context).filter(([key]) => !key.startsWith('@aws-cdk')));
    expect(configOf({ ...settings, sandbox: true })).toEqual(configOf({ sandbox: true }));
  });
});

describe('readStackConfig: the EVM chain and the public base URL', () => {
  it('reads the chain a deployment anchors on, a chain id given as -c text, an explorer base without its trailing slash', () => {
    expect(configOf({ ...DEPLOYMENT, evmExplorerUrl: 'https://etherscan.io/' }).evm).toEqual({
      rpcUrl: 'https://mainnet.example-provider.io/v3/project',
      chainId: 1,
      explorerUrl: 'https://etherscan.io',
    });
  });

  it('stops a deployment that names only part of its chain, naming what is missing', () => {
    const error = failureOf({ ...DEPLOYMENT, evmChainId: undefined, evmExplorerUrl: undefined });
    expect(error.message).toMatch(/^Invalid CDK context "evmChainId", "evmExplorerUrl": no EVM chain id/);
    expect(error.message).toContain('-c evmChainId=');
  });

  it("lets a sandbox name its own chain in part: Sepolia's for the rest, warned", () => {
    const config = configOf({ sandbox: 'true', evmRpcUrl: 'https://sepolia.example-provider.io/v3/project' });
    expect(config.evm).toEqual({ ...SANDBOX_EVM, rpcUrl: 'https://sepolia.example-provider.io/v3/project' });
    expect(config.sandboxWarnings.filter((warning) => warning.includes('"evm'))).toHaveLength(2);
  });

  it('has no public base URL unless one (or a custom domain) is given (the stack then uses the API’s own URL), and keeps it without a trailing slash', () => {
    expect(configOf(DEPLOYMENT)).not.toHaveProperty('publicBaseUrl');
    expect(configOf({ ...DEPLOYMENT, publicBaseUrl: 'https://dpp.example.com/' }).publicBaseUrl).toBe(
      'https://dpp.example.com',
    );
    expect(configOf({ ...DEPLOYMENT, publicBaseUrl: 'https://example.com/dpp-api/' }).publicBaseUrl).toBe(
      'https://example.com/dpp-api',
    );
  });

  it.each([
    ['evmRpcUrl', 'ftp://node.example.com', /"evmRpcUrl": expected the JSON-RPC URL/],
    ['evmRpcUrl', 'node.example.com', /"evmRpcUrl": expected the JSON-RPC URL/],
    ['evmChainId', '0', /"evmChainId": expected a chain id/],
    ['evmChainId', '1.5', /"evmChainId": expected a chain id/],
    ['evmChainId', 'sepolia', /"evmChainId": expected a number/],
    ['evmExplorerUrl', 'http://etherscan.io', /"evmExplorerUrl": expected an https base URL/],
    ['evmExplorerUrl', 'https://etherscan.io/?tab=tx', /"evmExplorerUrl": expected an https base URL/],
    ['publicBaseUrl', 'http://dpp.example.com', /"publicBaseUrl": expected an https base URL/],
    ['publicBaseUrl', 'https://dpp.example.com/#top', /"publicBaseUrl": expected an https base URL/],
    ['publicBaseUrl', 'dpp.example.com', /"publicBaseUrl": expected an https base URL/],
  ])('rejects context %s = %j with an error naming the key', (key, value, message) => {
    expect(failureOf({ ...DEPLOYMENT, [key]: value }).message).toMatch(message);
  });
});

describe('readStackConfig: the custom domain', () => {
  const CERTIFICATE_ARN = 'arn:aws:acm:eu-central-1:123456789012:certificate/0f8c4c1e-3b0a-4d0e-9d1e-2a7c9b1f6e21';
  const DOMAIN = {
    ...DEPLOYMENT,
    region: 'eu-central-1',
    domainName: 'dpp.example.com',
    certificateArn: CERTIFICATE_ARN,
  };

  it('has no custom domain unless both keys are given', () => {
    expect(configOf(DEPLOYMENT)).not.toHaveProperty('customDomain');
  });

  it('reads the domain (lower case) and its certificate, and makes https://<domainName> the public base URL', () => {
    const config = configOf({ ...DOMAIN, domainName: 'DPP.Example.com' });
    expect(config.customDomain).toEqual({ domainName: 'dpp.example.com', certificateArn: CERTIFICATE_ARN });
    expect(config.publicBaseUrl).toBe('https://dpp.example.com');
  });

  it('lets an explicit publicBaseUrl win over the domain (a CDN or proxy in front of it)', () => {
    const config = configOf({ ...DOMAIN, publicBaseUrl: 'https://passports.example.com/' });
    expect(config.publicBaseUrl).toBe('https://passports.example.com');
    expect(config.customDomain?.domainName).toBe('dpp.example.com');
  });

  it('checks the certificate against the account when one is given', () => {
    expect(configOf({ ...DOMAIN, account: '123456789012' }).customDomain?.certificateArn).toBe(CERTIFICATE_ARN);
    expect(failureOf({ ...DOMAIN, account: '210987654321' }).message).toMatch(
      /^Invalid CDK context "certificateArn": the certificate belongs to account 123456789012, the stack to 210987654321/,
    );
  });

  it.each([
    [
      'a domain without its certificate',
      { certificateArn: undefined },
      /^Invalid CDK context "certificateArn": domainName "dpp\.example\.com" needs the ARN of an ACM certificate/,
    ],
    [
      'a certificate without its domain',
      { domainName: undefined },
      /^Invalid CDK context "domainName": certificateArn is given without the host name/,
    ],
    ['a URL for a host name', { domainName: 'https://dpp.example.com' }, /"domainName": expected a host name only/],
    ['a host name with a path', { domainName: 'dpp.example.com/api' }, /"domainName": expected a host name only/],
    [
      'a wildcard',
      { domainName: '*.example.com' },
      /"domainName": expected a host name such as dpp\.example\.com \(no wildcard/,
    ],
    ['a single label', { domainName: 'localhost' }, /"domainName": expected a host name/],
    ['a trailing dot', { domainName: 'dpp.example.com.' }, /"domainName": expected a host name/],
    ['a label starting with a hyphen', { domainName: '-dpp.example.com' }, /"domainName": expected a host name/],
    ['an IP address', { domainName: '192.0.2.10' }, /"domainName": expected a host name/],
    [
      'a label over 63 characters',
      { domainName: `${'a'.repeat(64)}.example.com` },
      /"domainName": expected a host name/,
    ],
    [
      'another service’s ARN',
      { certificateArn: 'arn:aws:iam::123456789012:server-certificate/dpp' },
      /"certificateArn": expected the ARN of an ACM certificate/,
    ],
    [
      'a certificate id alone',
      { certificateArn: '0f8c4c1e-3b0a-4d0e-9d1e-2a7c9b1f6e21' },
      /"certificateArn": expected the ARN of an ACM certificate/,
    ],
    [
      'a certificate of another region (us-east-1, as an edge-optimized domain would take)',
      { certificateArn: CERTIFICATE_ARN.replace('eu-central-1', 'us-east-1') },
      /^Invalid CDK context "certificateArn": the certificate is in us-east-1, the stack in eu-central-1/,
    ],
    [
      'no region to check the certificate against',
      { region: undefined },
      /^Invalid CDK context "region": a custom domain takes a certificate of the stack's region.*-c region=eu-central-1/,
    ],
  ])('stops on %s, naming the key', (_what, change, message) => {
    expect(failureOf({ ...DOMAIN, ...change }).message).toMatch(message);
  });
});

describe('readStackConfig: the JWT public keys', () => {
  it.each([
    ['with real newlines', (pem: string) => pem],
    ['on one line (cdk -c keeps only the first line of a value)', (pem: string) => pem.replace(/\n/g, '')],
    ['with literal \\n sequences', (pem: string) => pem.replace(/\n/g, '\\n')],
  ])('reads one PEM %s as the canonical PEM', (_layout, layout) => {
    expect(configOf({ ...DEPLOYMENT, jwtPublicKeys: layout(CURRENT_KEY) }).jwtPublicKeys).toEqual([CURRENT_KEY]);
  });

  it.each([
    ['concatenated with newlines', `${CURRENT_KEY}\n${PREVIOUS_KEY}\n`],
    [
      'concatenated on one line (cat current.pem previous.pem | tr -d "\\n")',
      `${CURRENT_KEY}${PREVIOUS_KEY}`.replace(/\n/g, ''),
    ],
    ['as a list', [CURRENT_KEY, PREVIOUS_KEY]],
    ['as JSON text of a list (-c jwtPublicKeys=[...])', JSON.stringify([CURRENT_KEY, PREVIOUS_KEY])],
  ])('reads the current and the previous key %s, in order', (_form, value) => {
    expect(configOf({ ...DEPLOYMENT, jwtPublicKeys: value }).jwtPublicKeys).toEqual([CURRENT_KEY, PREVIOUS_KEY]);
  });

  it('reads the old name jwtPublicKey when jwtPublicKeys is not given, and refuses both at once', () => {
    expect(
      configOf({ corsAllowOrigins: 'https://app.example.com', ...EVM, jwtPublicKey: CURRENT_KEY }).jwtPublicKeys,
    ).toEqual([CURRENT_KEY]);
    expect(failureOf({ ...DEPLOYMENT, jwtPublicKey: PREVIOUS_KEY }).message).toMatch(
      /"jwtPublicKeys", "jwtPublicKey": give the keys once/,
    );
  });

  it('lists a key given twice once', () => {
    expect(configOf({ ...DEPLOYMENT, jwtPublicKeys: [CURRENT_KEY, CURRENT_KEY] }).jwtPublicKeys).toEqual([CURRENT_KEY]);
  });

  it(`refuses more than ${MAX_JWT_PUBLIC_KEYS} keys (a Lambda environment holds 4 KB)`, () => {
    const keys = Array.from({ length: MAX_JWT_PUBLIC_KEYS + 1 }, es256PublicKey);
    expect(configOf({ ...DEPLOYMENT, jwtPublicKeys: keys.slice(0, -1) }).jwtPublicKeys).toHaveLength(
      MAX_JWT_PUBLIC_KEYS,
    );
    expect(failureOf({ ...DEPLOYMENT, jwtPublicKeys: keys }).message).toMatch(/"jwtPublicKeys": 5 keys; at most 4/);
  });

  it.each([
    ['a private key', PRIVATE_KEY, /private key/],
    ['a public key followed by a private key', `${CURRENT_KEY}\n${PRIVATE_KEY}`, /private key/],
    ['an RSA key', RSA_PUBLIC_KEY, /EC P-256/],
    ['an RSA key after an ES256 key', [CURRENT_KEY, RSA_PUBLIC_KEY], /key 2: expected an EC P-256 key/],
    ['a block that is no key', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', /readable public key/],
    ['text around the blocks', `kid-1 ${CURRENT_KEY}`, /nothing else/],
    ['a certificate', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', /nothing else/],
    ['a number in the list', [CURRENT_KEY, 42], /list of strings/],
  ])('refuses %s, naming the key', (_what, value, message) => {
    const error = failureOf({ ...DEPLOYMENT, jwtPublicKeys: value });
    expect(error.message).toMatch(/^Invalid CDK context "jwtPublicKeys": /);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(PRIVATE_KEY.split('\n')[1]); // never echoes key material
  });
});

describe('readStackConfig: the other values', () => {
  it('accepts the string forms that `cdk -c key=value` produces', () => {
    expect(
      configOf({
        ...DEPLOYMENT,
        account: '123456789012',
        region: 'eu-south-1',
        corsAllowOrigins: 'https://app.example.com,https://admin.example.com',
        throttle: '{"rateLimit": 10, "burstLimit": 20}',
        publicDppThrottle: '{"rateLimit": 5}',
        logRetentionDays: '90',
        logLevel: 'debug',
        alarmTopicArn: 'arn:aws:sns:eu-south-1:123456789012:ops',
        alarms: '{"p99LatencyMs": 5000, "periodMinutes": "1"}',
      }),
    ).toMatchObject({
      account: '123456789012',
      region: 'eu-south-1',
      corsAllowOrigins: ['https://app.example.com', 'https://admin.example.com'],
      throttle: { rateLimit: 10, burstLimit: 20 },
      publicDppThrottle: { rateLimit: 5, burstLimit: 50 },
      logRetention: 90,
      logLevel: 'DEBUG',
      alarmTopicArn: 'arn:aws:sns:eu-south-1:123456789012:ops',
      alarms: { ...CONTEXT_DEFAULTS.alarms, p99LatencyMs: 5000, periodMinutes: 1 },
    });
  });

  it('has no alarm topic unless one is given (the stack then creates one)', () => {
    expect(configOf(DEPLOYMENT)).not.toHaveProperty('alarmTopicArn');
  });

  it.each([
    ['logRetentionDays', 31, /logRetentionDays/],
    ['corsAllowOrigins', ['https://app.example.com/'], /corsAllowOrigins/],
    ['corsAllowOrigins', [], /corsAllowOrigins/],
    ['throttle', { rateLimit: 0, burstLimit: 10 }, /throttle\.rateLimit/],
    ['throttle', { rateLimit: 10, burstLimit: 1.5 }, /throttle\.burstLimit/],
    ['publicDppThrottle', { rateLimit: -1 }, /publicDppThrottle\.rateLimit/],
    ['publicDppThrottle', '[25, 50]', /publicDppThrottle/],
    ['sesFromAddress', 'No Reply <no-reply@example.com>', /sesFromAddress/],
    ['logLevel', 'VERBOSE', /logLevel/],
    ['region', 'europe', /region/],
    ['alarmTopicArn', 'ops-alarms', /alarmTopicArn/],
    ['alarmTopicArn', 'arn:aws:sns:eu-central-1:123456789012:ops.fifo', /alarmTopicArn/],
    ['alarms', { p99LatencyMs: 0 }, /alarms\.p99LatencyMs/],
    ['alarms', { latencyEvaluationPeriods: 1.5 }, /alarms\.latencyEvaluationPeriods.*whole/],
    ['alarms', { p99: 3000 }, /alarms.*unknown threshold\(s\) p99/],
  ])('rejects context %s = %j with an error naming the key', (key, value, message) => {
    const error = failureOf({ ...DEPLOYMENT, [key]: value });
    expect(error.message).toMatch(message);
  });
});
