import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, type CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStackConfig, StackConfigError } from '../../infra/config';
import {
  CDN_MAX_TTL,
  cachedEdgeRoutes,
  cachedPathPatterns,
  cachedRows,
  cacheKeysByPattern,
  NEVER_KEPT_ERRORS,
  pathPattern,
  RATE_WINDOW_SECONDS,
} from '../../infra/constructs/cdn';
import { ACCEPT_RULES, edgeFunctionCode, MAX_LANGUAGES } from '../../infra/constructs/edge-request';
import { DppServiceStack, REPO_ROOT } from '../../infra/stack';
import type { Route } from '../../lib/api/contract';
import { routeKeyOf, routes as routeTable } from '../../lib/api/routes';
import { getDppDocs as getDppRoute } from '../../lib/api/routes/get-dpp';
import { prefers } from '../../lib/http/accept';
import { CDN_ORIGIN_HEADER } from '../../lib/http/middleware/cdn-origin';
import { EXPOSED_HEADERS } from '../../lib/http/response';
import { acceptedLanguages, negotiateLanguage, prefersHtml } from '../../lib/pages/language';
import { JSON_LD_TYPE, LINKSET_TYPE } from '../../lib/resolver/resolve';

/**
 * The CDN (context cdn=true, infra/constructs/cdn.ts) in the synthesized template, without
 * bundling the functions (what the bundles do not change), and its CloudFront Function run here
 * on sample requests: what CloudFront keys each public read on, what it forwards, what it
 * refuses, and what the API's functions get from it.
 */
// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON as the assertions library returns it, read field by field
type Json = Record<string, any>;
const routes: readonly Route[] = routeTable;

const publicKeyPem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString()
    .trim();
const featureFlags = (): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(
      (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> })
        .context ?? {},
    ).filter(([key]) => key.startsWith('@aws-cdk')),
  );
const DEPLOYMENT_CONTEXT = {
  jwtPublicKeys: publicKeyPem(),
  corsAllowOrigins: 'https://app.example.com',
  stripePriceId: 'price_1TestPlanMonthly',
  evmRpcUrl: 'https://mainnet.example-provider.io/v3/project',
  evmChainId: '1',
  evmExplorerUrl: 'https://etherscan.io',
};
const CDN_CONTEXT = { ...DEPLOYMENT_CONTEXT, region: 'eu-central-1', cdn: 'true' };

const built = new Map<string, { stack: DppServiceStack; template: Template }>();
function unbundledStack(context: Record<string, unknown>, rows?: readonly Route[]) {
  const key = JSON.stringify({ context, rows: rows?.map((row) => row.fn) });
  const cached = built.get(key);
  if (cached) return cached;
  // Without aws-cdk-lib's CloudFormation validation: test/infra/stack.test.ts runs it on the real deployment.
  const app = new App({
    builtinCloudFormationValidation: false,
    context: { ...featureFlags(), 'aws:cdk:bundling-stacks': [], ...context },
  });
  const stack = new DppServiceStack(app, 'DppServiceCdn', {
    config: readStackConfig(app),
    ...(rows ? { routes: rows } : {}),
  });
  const result = { stack, template: Template.fromStack(stack) };
  built.set(key, result);
  return result;
}
const withCdn = () => unbundledStack(CDN_CONTEXT);
const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/dpp-cdn/0f8c4c1e-3b0a-4d0e-9d1e-2a7c9b1f6e21';
/**
 * The variants, each synthesized once (two options per variant, so the file costs three synths),
 * on a few rows: what they change (the origin, the links' base, the web ACL) is not per route.
 */
const VARIANT_ROWS = routes.filter(
  (route) => route.path === '/dpp/{dppId}' || route.fn === routes.find((row) => row.access.links)?.fn,
);
const variant = (context: Record<string, unknown>) => unbundledStack(context, VARIANT_ROWS);
const VARIANTS = {
  domainAndOwnAcl: {
    ...CDN_CONTEXT,
    domainName: 'dpp.example.com',
    certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/0f8c4c1e-3b0a-4d0e-9d1e-2a7c9b1f6e21',
    cdnWebAclArn: WEB_ACL_ARN,
  },
  namedBaseAndRateLimit: {
    ...CDN_CONTEXT,
    region: 'us-east-1',
    publicBaseUrl: 'https://passports.example.com',
    cdnRateLimit: '2000',
  },
};
beforeAll(() => {
  withCdn();
  for (const context of Object.values(VARIANTS)) variant(context);
}, 240_000);
const distributionOf = (stack: { template: Template }) =>
  Object.values(stack.template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
const behaviourOf = (pattern: string) =>
  (distributionOf(withCdn()).CacheBehaviors as Json[]).find((behaviour) => behaviour.PathPattern === pattern)!;
const cachePolicyOf = (pattern: string) =>
  withCdn().template.toJSON().Resources[behaviourOf(pattern).CachePolicyId.Ref].Properties.CachePolicyConfig
    .ParametersInCacheKeyAndForwardedToOrigin;
const environmentOf = (fn: string): Record<string, unknown> => {
  const { stack, template } = withCdn();
  const id = stack.getLogicalId(stack.functions.get(fn)!.node.defaultChild as CfnResource);
  return template.toJSON().Resources[id].Properties.Environment.Variables;
};
/** CloudFront's managed policies (their ids are fixed by AWS). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/** The CloudFront Function of the template, run on one viewer request as CloudFront would. */
function atTheEdge(
  uri: string,
  querystring: Record<string, string> = {},
  headers: Record<string, string> = {},
): { request?: { headers: Record<string, { value: string }> }; status?: number; body?: string } {
  const fn = Object.values(withCdn().template.findResources('AWS::CloudFront::Function'))[0]!;
  const code = fn.Properties.FunctionCode as string;
  const event = {
    request: {
      uri,
      method: 'GET',
      querystring: Object.fromEntries(Object.entries(querystring).map(([k, value]) => [k, { value }])),
      headers: Object.fromEntries(Object.entries(headers).map(([k, value]) => [k, { value }])),
    },
  };
  const result = runInNewContext(`${code}\nhandler(event);`, { event }) as Json;
  return 'statusCode' in result ? { status: result.statusCode, body: result.body.data } : { request: result as never };
}

describe('the CDN (context cdn=true)', () => {
  it('caches exactly the public GET rows of the route table (not the token issuer, not the catch-all, not a path another method shares), by path pattern', () => {
    const patterns = (distributionOf(withCdn()).CacheBehaviors as Json[]).map((behaviour) => behaviour.PathPattern);
    const expected = routes
      .filter((route) => route.auth === 'public' && route.method === 'GET' && route.path !== '$default')
      .filter((route) => !route.access.signingKey)
      .filter((route) => !routes.some((other) => other.path === route.path && other.method !== 'GET'))
      .map(pathPattern);
    expect([...patterns].sort()).toEqual([...new Set(expected)].sort());
    expect(patterns).toEqual(expect.arrayContaining(['/dpp/*', '/dpp/*/versions/*', '/01/*']));
    // Every form of a Digital Link URI the resolver answers (qualifiers, a trailing slash) is a cached public read.
    const cached = (path: string) =>
      patterns.some((pattern: string) =>
        new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`).test(path),
      );
    for (const path of [
      '/01/08012345000012',
      '/01/08012345000012/',
      '/01/08012345000012/10/L1/21/S1/',
      '/01/08012345000012/22/V/10/L',
    ]) {
      expect({ path, cached: cached(path) }).toEqual({ path, cached: true });
    }
    expect(patterns.some((pattern: string) => pattern.startsWith('/generateJWT'))).toBe(false);
    // Most specific first: CloudFront takes the first pattern that matches.
    expect(patterns.indexOf('/dpp/*/versions/*')).toBeLessThan(patterns.indexOf('/dpp/*'));
  });

  it('keys each public read on the path and only what its function reads: the verification on the path alone, /dpp/{id} on language and x-dpp-access too', () => {
    const none = { HeaderBehavior: 'none' };
    expect(cachePolicyOf('/dpp/*/versions/*/verification')).toMatchObject({
      HeadersConfig: none,
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    });
    expect(cachePolicyOf('/dpp/*')).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Accept', 'language', 'x-dpp-access'] },
      QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['access'] },
    });
    expect(cachePolicyOf('/dpp/*/versions/*')).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Accept', 'x-dpp-access'] },
      QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['access', 'tier'] },
    });
    expect(cachePolicyOf('/passport/*')).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Accept', 'Accept-Language'] },
      QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['access', 'lang'] },
    });
    // The resolver passes every other query parameter on to its redirect: all of them are its answer's; it
    // chooses among links by Accept-Language (GS1), so that is its answer's too.
    expect(cachePolicyOf('/01/*')).toMatchObject({
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Accept', 'Accept-Language'] },
      QueryStringsConfig: { QueryStringBehavior: 'all' },
    });
    // Every key is what the row's input schema names, so a route that reads a new header or parameter is keyed on it.
    for (const [pattern, key] of cacheKeysByPattern(routes)) {
      const policy = cachePolicyOf(pattern);
      expect({ pattern, headers: (policy.HeadersConfig.Headers ?? []).map((h: string) => h.toLowerCase()) }).toEqual({
        pattern,
        headers: key.headers,
      });
    }
  });

  it('takes the TTL from the answer’s Cache-Control, keeps no error, and adds CORS for any origin with the grant and language headers', () => {
    const { template } = withCdn();
    for (const policy of Object.values(template.findResources('AWS::CloudFront::CachePolicy'))) {
      expect(policy.Properties.CachePolicyConfig).toMatchObject({
        MinTTL: 0,
        DefaultTTL: 0,
        MaxTTL: CDN_MAX_TTL.toSeconds(),
      });
    }
    const [headersPolicyId, headersPolicy] = Object.entries(
      template.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
    )[0]!;
    expect(headersPolicy.Properties.ResponseHeadersPolicyConfig.CorsConfig).toMatchObject({
      AccessControlAllowOrigins: { Items: ['*'] },
      AccessControlAllowMethods: { Items: ['GET', 'HEAD', 'OPTIONS'] },
      AccessControlAllowHeaders: { Items: expect.arrayContaining(['language', 'x-dpp-access']) },
      AccessControlAllowCredentials: false,
      OriginOverride: true,
    });
    // What a page on another origin may read of a redirect and a link set: the same as the functions expose locally.
    expect(headersPolicy.Properties.ResponseHeadersPolicyConfig.CorsConfig.AccessControlExposeHeaders.Items).toEqual(
      EXPOSED_HEADERS.split(', '),
    );
    expect(EXPOSED_HEADERS.split(', ')).toEqual(expect.arrayContaining(['link', 'location', 'etag']));
    const [functionId] = Object.keys(template.findResources('AWS::CloudFront::Function'));
    for (const behaviour of distributionOf(withCdn()).CacheBehaviors as Json[]) {
      expect(behaviour).toMatchObject({
        ResponseHeadersPolicyId: { Ref: headersPolicyId },
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS'],
        CachedMethods: ['GET', 'HEAD'],
        ViewerProtocolPolicy: 'redirect-to-https',
        FunctionAssociations: [
          { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
        ],
      });
    }
    expect(distributionOf(withCdn()).CustomErrorResponses).toEqual(
      NEVER_KEPT_ERRORS.map((status) => ({ ErrorCode: status, ErrorCachingMinTTL: 0 })),
    );
  });

  it('never caches the authenticated routes: the default behaviour keeps nothing and forwards every viewer header (Authorization included)', () => {
    expect(distributionOf(withCdn()).DefaultCacheBehavior).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
    });
    const patterns = cachedPathPatterns(routes);
    for (const route of routes.filter((row) => row.auth === 'jwt')) {
      const sample = route.path.replace(/\{[^}]+\}/g, 'x');
      const caught = patterns.filter((pattern) =>
        new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(sample),
      );
      expect({ route: routeKeyOf(route), caught }).toEqual({ route: routeKeyOf(route), caught: [] });
    }
  });

  it('takes the coming public rows from the route table, and refuses a pattern that would catch an authenticated route', () => {
    const page = { ...getDppRoute, fn: 'get-passport-page', path: '/passport/{dppId}' } as Route;
    const file = { ...getDppRoute, fn: 'get-public-file', path: '/dpp/{dppId}/files/{fileId}' } as Route;
    expect(cachedPathPatterns([...routes, page, file])).toEqual(
      expect.arrayContaining(['/passport/*', '/dpp/*/files/*']),
    );
    const secret = { ...getDppRoute, fn: 'get-dpp-secret', auth: 'jwt', path: '/dpp/{dppId}/secret' } as Route;
    expect(() => cachedPathPatterns([...routes, secret])).toThrow(/GET \/dpp\/\{dppId\}\/secret .* \/dpp\/\*/);
  });

  it('reaches the API over TLS 1.2 with the origin secret header, at its execute-api address or its custom domain', () => {
    const { stack } = withCdn();
    const origin = (distributionOf(withCdn()).Origins as Json[])[0]!;
    expect(JSON.stringify(origin.DomainName)).toContain('execute-api');
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    const secretId = stack.getLogicalId(stack.node.findChild('CdnOriginSecret').node.defaultChild as CfnResource);
    const header = (origin.OriginCustomHeaders as Json[]).find((h) => h.HeaderName === CDN_ORIGIN_HEADER)!;
    expect(JSON.stringify(header.HeaderValue)).toContain(secretId);
    const withDomain = variant(VARIANTS.domainAndOwnAcl);
    expect((distributionOf(withDomain).Origins as Json[])[0]!.DomainName).toBe('dpp.example.com');
  });

  it('gives every route’s function the origin secret, so the API answers only the CDN', () => {
    const { stack } = withCdn();
    const secretId = stack.getLogicalId(stack.node.findChild('CdnOriginSecret').node.defaultChild as CfnResource);
    for (const route of routes) {
      expect({ fn: route.fn, secret: JSON.stringify(environmentOf(route.fn).CDN_ORIGIN_SECRET ?? null) }).toEqual({
        fn: route.fn,
        secret: expect.stringContaining(secretId),
      });
    }
  });

  it('lets the rows that change publication or a tier invalidate the distribution, and only them', () => {
    const { stack, template } = withCdn();
    const distributionId = stack.getLogicalId(stack.cdn!.node.defaultChild as CfnResource);
    const invalidators = routes.filter((route) => route.access.cdn).map((route) => route.fn);
    expect(invalidators.sort()).toEqual([
      'delete-passport',
      'put-registration',
      'update-dpp',
      'update-dpp-card',
      'update-dpp-file',
      'update-dpp-image',
      'update-passport',
      'update-passport-element',
    ]);
    for (const route of routes) {
      const env = environmentOf(route.fn);
      expect({ fn: route.fn, id: env.CDN_DISTRIBUTION_ID ?? null }).toEqual({
        fn: route.fn,
        id: route.access.cdn ? { Ref: distributionId } : null,
      });
    }
    const roles = Object.values(template.findResources('AWS::IAM::Role'));
    const invalidating = roles.filter((role) => JSON.stringify(role).includes('cloudfront:CreateInvalidation'));
    expect(invalidating).toHaveLength(invalidators.length);
    for (const role of invalidating) {
      const statement = (role.Properties.Policies as Json[])
        .flatMap((policy) => policy.PolicyDocument.Statement as Json[])
        .find((s) => s.Action === 'cloudfront:CreateInvalidation')!;
      expect(JSON.stringify(statement.Resource)).toContain(`":distribution/",{"Ref":"${distributionId}"}`);
    }
  });

  it('makes its address the links’ base and outputs it as CdnUrl, unless publicBaseUrl names another', () => {
    const cdn = withCdn();
    const distributionId = cdn.stack.getLogicalId(cdn.stack.cdn!.node.defaultChild as CfnResource);
    const expected = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] };
    expect(cdn.template.toJSON().Outputs.CdnUrl.Value).toEqual(expected);
    expect(cdn.template.toJSON().Outputs.PublicBaseUrl.Value).toEqual(expected);
    const linkRow = routes.find((route) => route.access.links)!;
    expect(environmentOf(linkRow.fn).PUBLIC_BASE_URL).toEqual(expected);
    const named = variant(VARIANTS.namedBaseAndRateLimit);
    expect(named.template.toJSON().Outputs.PublicBaseUrl.Value).toBe('https://passports.example.com');
  });
});

describe('a rate-based rule on the distribution (context cdnRateLimit, cdnWebAclArn)', () => {
  it('is off by default', () => {
    expect(withCdn().template.findResources('AWS::WAFv2::WebACL')).toEqual({});
    expect(distributionOf(withCdn()).WebACLId).toBeUndefined();
  });

  it('blocks an IP address past cdnRateLimit requests in 5 minutes, in a web ACL of the stack (us-east-1)', () => {
    const limited = variant(VARIANTS.namedBaseAndRateLimit);
    const [aclId, acl] = Object.entries(limited.template.findResources('AWS::WAFv2::WebACL'))[0]!;
    expect(acl.Properties).toMatchObject({
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        {
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: { Limit: 2000, AggregateKeyType: 'IP', EvaluationWindowSec: RATE_WINDOW_SECONDS },
          },
        },
      ],
    });
    expect(distributionOf(limited).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('attaches a web ACL of your own by cdnWebAclArn, and refuses what CloudFront would', () => {
    expect(distributionOf(variant(VARIANTS.domainAndOwnAcl)).WebACLId).toBe(WEB_ACL_ARN);
    const failure = (context: Record<string, unknown>) => {
      try {
        readStackConfig(new App({ context: { ...DEPLOYMENT_CONTEXT, ...context } }));
      } catch (error) {
        if (error instanceof StackConfigError) return error.message;
        throw error;
      }
      return 'no error';
    };
    expect(failure({ region: 'eu-central-1', cdn: 'true', cdnRateLimit: '2000' })).toMatch(/us-east-1.*cdnWebAclArn/);
    expect(failure({ region: 'us-east-1', cdnRateLimit: '2000' })).toMatch(/cdn=true/);
    expect(failure({ region: 'us-east-1', cdn: 'true', cdnRateLimit: '5' })).toMatch(/10 to 2000000000/);
    expect(failure({ cdn: 'true', cdnWebAclArn: 'arn:aws:wafv2:eu-central-1:1:regional/webacl/x/y' })).toMatch(
      /CloudFront web ACL/,
    );
  });
});

describe('the CloudFront Function of the public reads', () => {
  const verification = '/dpp/01a19656-4a8b-7000-8000-000000000011/versions/1/verification';

  it('refuses a query parameter of a route whose query is strict with a 400 naming it, and lets the path through', () => {
    const refused = atTheEdge(verification, { cb: '17', other: 'x' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body!)).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'cb' }, { path: 'other' }],
    });
    expect(atTheEdge(verification).request).toBeDefined();
  });

  it('leaves a request of no public row as it is', () => {
    expect(atTheEdge('/dpp/x/nothing/here', { cb: '1' }, { accept: 'text/html' }).request!.headers).toEqual({
      accept: { value: 'text/html' },
    });
  });

  const ACCEPTS = [
    undefined,
    '',
    '*/*',
    'text/html',
    'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
    'application/json',
    'application/json, text/html;q=0.5',
    'text/html;q=0.5, application/json;q=0.5',
    'application/vc+jwt',
    'application/vc+jwt;q=0.4, application/json;q=0.5',
    'application/vc+jwt, application/json',
    'application/vc+jwt;q=0',
    'application/*;q=0.9, application/vc+jwt;q=0.9',
    'application/linkset+json',
    'application/ld+json',
    'application/ld+json, application/linkset+json',
    'APPLICATION/VC+JWT',
    'text/html;q=abc, application/json',
  ];
  const accepted = (fn: string, accept: string | undefined) => {
    const route = routes.find((row) => row.fn === fn)!;
    const uri = route.path.replace(/\{[^}]+\}/g, fn.startsWith('resolve') ? '08012345000012' : '1');
    const out = atTheEdge(uri, {}, accept === undefined ? {} : { accept }).request!.headers.accept?.value;
    return out;
  };

  it('reduces Accept to one value per answer, which each function answers as it answers the original', () => {
    for (const accept of ACCEPTS) {
      const dpp = accepted('get-dpp', accept);
      expect({ accept, html: prefersHtml(dpp) }).toEqual({ accept, html: prefersHtml(accept) });
      const version = accepted('get-dpp-version-document', accept);
      expect({ accept, credential: prefers(version, 'application/vc+jwt', 'application/json') }).toEqual({
        accept,
        credential: prefers(accept, 'application/vc+jwt', 'application/json'),
      });
      for (const fn of ['resolve-item', 'resolve-product']) {
        const resolver = accepted(fn, accept)!;
        const kind = (value: string | undefined) =>
          (value ?? '').includes(LINKSET_TYPE)
            ? 'linkset'
            : (value ?? '').includes(JSON_LD_TYPE)
              ? 'json-ld'
              : prefersHtml(value)
                ? 'html'
                : 'json';
        expect({ accept, fn, kind: kind(resolver) }).toEqual({ accept, fn, kind: kind(accept) });
      }
      expect({ accept, html: prefersHtml(accepted('get-passport-page', accept)) }).toEqual({
        accept,
        html: prefersHtml(accept),
      });
    }
    // Two browsers' headers are one cache entry.
    expect(accepted('get-dpp', 'text/html,*/*;q=0.8')).toBe(accepted('get-dpp', 'text/html,application/xml;q=0.9'));
    expect(new Set(ACCEPTS.map((accept) => accepted('get-dpp', accept)))).toEqual(
      new Set(['text/html', 'application/json']),
    );
  });

  it('does not forward Accept to a read whose answer does not depend on it', () => {
    for (const route of cachedRows(routes).filter((row) => !(row.fn in ACCEPT_RULES))) {
      const pattern = pathPattern(route);
      expect({ fn: route.fn, accept: cacheKeysByPattern(routes).get(pattern)!.headers.includes('accept') }).toEqual({
        fn: route.fn,
        accept: false,
      });
    }
  });

  it('reduces Accept-Language to the first languages the reader ranks, and the page picks the same one', () => {
    const page = '/passport/01a19656-4a8b-7000-8000-000000000011';
    const reduce = (header: string) =>
      atTheEdge(page, {}, { 'accept-language': header }).request!.headers['accept-language']?.value;
    expect(reduce('it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('it, en');
    expect(reduce('en-GB, en;q=0.9')).toBe('en');
    expect(reduce('de;q=0.2, fr')).toBe('fr, de');
    expect(reduce('xx;q=0')).toBeUndefined();
    const passports = [['en'], ['en', 'it'], ['it', 'de', 'fr'], ['de', 'en', 'es', 'fr']];
    for (const header of [
      'it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7',
      'fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5',
      'de-DE',
      '*',
      'es;q=0.1, it;q=0.2',
      'pt, es, fr',
    ]) {
      const reduced = reduce(header);
      // Within the first MAX_LANGUAGES the reader ranks, the page answers the same language.
      const primaries = new Set(acceptedLanguages(header).map((tag) => tag.split('-')[0]));
      if (primaries.size > MAX_LANGUAGES) continue;
      for (const available of passports) {
        expect({ header, available, lang: negotiateLanguage(available, reduced) }).toEqual({
          header,
          available,
          lang: negotiateLanguage(available, header),
        });
      }
    }
  });

  it('is generated from the rows: every cached row has its edge entry, most specific first', () => {
    const edge = cachedEdgeRoutes(routes);
    expect(edge.map((route) => route.fn).sort()).toEqual(
      cachedRows(routes)
        .map((route) => route.fn)
        .sort(),
    );
    expect(edgeFunctionCode(edge).length).toBeLessThan(10_240);
  });
});
