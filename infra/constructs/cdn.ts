/**
 * Context `cdn=true`: a CloudFront distribution in front of the whole HTTP API, so the service
 * has one address (the links' base unless publicBaseUrl names another):
 * - the public reads (cachedRows, from the route table) get a behaviour each, whose cache key
 *   is the path plus what the row's function reads (infra/constructs/edge-request.ts): its
 *   query parameters, its headers, `Accept` and `Accept-Language` reduced by a CloudFront
 *   Function to what the function distinguishes. A query parameter no row of the pattern uses
 *   is not in the key and never reaches the function (a row with a strict query refuses it with
 *   a 400 at the edge). The TTL is the one the function's own `Cache-Control` gives (public,
 *   max-age); an answer without one, or `private, no-store` (every answer to a request carrying
 *   an access grant), is not kept. Their CORS headers come from CloudFront: any origin may read
 *   them (API Gateway replaces a function's own CORS headers with the API's configured origins).
 * - every other route goes through the default behaviour with caching disabled: every viewer
 *   header (Authorization included), query string and cookie is forwarded, nothing is kept.
 * - every request CloudFront sends the API carries a secret header (CDN_ORIGIN_HEADER), and the
 *   API answers nothing else (lib/http/middleware/cdn-origin.ts): nobody walks around the CDN.
 * - context cdnRateLimit (a stack in us-east-1) adds an AWS WAF web ACL with a rate-based rule
 *   per IP address; cdnWebAclArn attaches one made elsewhere (docs/deploy.md, The CDN).
 * Added in the stack's own scope (see data.ts for why).
 */
import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CachedMethods,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Route } from '../../lib/api/contract';
import { isCatchAll } from '../../lib/api/routes';
import { CDN_ORIGIN_HEADER } from '../../lib/http/middleware/cdn-origin';
import { EXPOSED_HEADERS } from '../../lib/http/response';
import type { StackConfig } from '../config';
import { type EdgeRoute, edgeFunctionCode, edgeRoute } from './edge-request';
import { acknowledge, NAG_ACKNOWLEDGEMENTS } from './nag';

/**
 * The rows CloudFront may cache: public GETs, the same answer for every reader. Not the
 * catch-all, not a row that signs tokens (GET /generateJWT answers per API key), and not a GET
 * whose path another method also serves (the invitation page shares /accept-invitation with
 * its POST, which must reach the API as sent; the page is `no-store` anyway).
 */
export const cachedRows = (routes: readonly Route[]): Route[] =>
  routes.filter(
    (route) =>
      route.auth === 'public' &&
      route.method === 'GET' &&
      !isCatchAll(route) &&
      !route.access.signingKey &&
      !routes.some((other) => other.path === route.path && other.method !== 'GET'),
  );

/** A row's path as a CloudFront path pattern: each `{parameter}` is `*`. */
export const pathPattern = (route: Pick<Route, 'path'>): string => route.path.replace(/\{[^}]+\}/g, '*');

/** Whether a CloudFront path pattern (`*` any characters, `?` one) matches a path. */
const matches = (pattern: string, path: string): boolean =>
  new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  ).test(path);

/**
 * The cached rows' path patterns, most specific (longest) first as CloudFront evaluates them.
 * Fails the synth if a pattern would also catch a route that is not cached (an authenticated
 * route, another method of the path): that route would lose its Authorization header.
 */
export function cachedPathPatterns(routes: readonly Route[]): string[] {
  const cached = cachedRows(routes);
  const patterns = [...new Set(cached.map(pathPattern))].sort((a, b) => b.length - a.length || a.localeCompare(b));
  const problems = routes
    .filter((route) => !cached.includes(route) && !isCatchAll(route))
    .flatMap((route) => {
      const sample = route.path.replace(/\{[^}]+\}/g, 'x');
      return patterns
        .filter((pattern) => matches(pattern, sample))
        .map((pattern) => `${route.method} ${route.path} (${route.fn}) falls under the cached pattern ${pattern}`);
    });
  if (problems.length > 0) {
    throw new Error(`The CDN cannot keep the public reads apart:\n  ${problems.join('\n  ')}`);
  }
  return patterns;
}

/** Request headers a page may send to the public reads: content negotiation, revalidation, correlation. */
const PUBLIC_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'if-none-match',
  'language',
  'x-correlation-id',
  'x-dpp-access',
];

/** The error statuses CloudFront can be told not to keep (every one it would keep by default). */
export const NEVER_KEPT_ERRORS = [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504];

/** How long CloudFront may keep a public answer at most, whatever its Cache-Control says. */
export const CDN_MAX_TTL = Duration.days(1);

/** CloudFront's limits on a cache policy's key. */
const MAX_KEY_HEADERS = 10;
const MAX_KEY_QUERY_STRINGS = 10;

/** How each header in a cache key is spelled there (CloudFront compares names case-insensitively). */
const HEADER_NAMES: Record<string, string> = { accept: 'Accept', 'accept-language': 'Accept-Language' };

/**
 * The rate-based rule's scope-down: requests per IP address over five minutes (AWS WAF's
 * evaluation window), counted at the edge before the cache.
 */
export const RATE_WINDOW_SECONDS = 300;

export class PassportCdn {
  readonly distribution: Distribution;
  /** The behaviours' path patterns, from the route table (cachedPathPatterns). */
  readonly cachedPaths: readonly string[];
  /** The value CloudFront sends in CDN_ORIGIN_HEADER: every route function gets it as CDN_ORIGIN_SECRET. */
  readonly originSecret: Secret;
  /** Context cdnRateLimit in us-east-1: the web ACL with the rate-based rule. */
  readonly webAcl?: CfnWebACL;

  constructor(stack: Stack, config: StackConfig, api: HttpApi, routes: readonly Route[]) {
    this.cachedPaths = cachedPathPatterns(routes);
    // With a custom domain the execute-api address is off: CloudFront reaches the API at the domain.
    const originDomain =
      config.customDomain?.domainName ?? `${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    // The API answers only requests that carry it (lib/http/middleware/cdn-origin.ts). CloudFront
    // overwrites a viewer's header of the same name.
    this.originSecret = new Secret(stack, 'CdnOriginSecret', {
      description: `The value CloudFront sends the API in ${CDN_ORIGIN_HEADER}: the API answers only requests that carry it.`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(this.originSecret, NAG_ACKNOWLEDGEMENTS.cdnOriginSecretRotation);
    const origin = new HttpOrigin(originDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: { [CDN_ORIGIN_HEADER]: this.originSecret.secretValue.unsafeUnwrap() },
    });

    // Names are global to the account: the region keeps two regions' stacks of one name apart.
    const correlation = new OriginRequestPolicy(stack, 'CdnPublicReadsOriginRequestPolicy', {
      originRequestPolicyName: `${stack.stackName}-public-reads-${stack.region}`,
      comment: "Public reads: the caller's correlation id reaches the function (not part of the cache key)",
      headerBehavior: OriginRequestHeaderBehavior.allowList('x-correlation-id'),
    });
    const anyOrigin = new ResponseHeadersPolicy(stack, 'CdnPublicReadsResponseHeadersPolicy', {
      responseHeadersPolicyName: `${stack.stackName}-public-reads-${stack.region}`,
      comment: 'Public reads: any origin may read them (GET, HEAD, OPTIONS)',
      corsBehavior: {
        accessControlAllowOrigins: ['*'],
        accessControlAllowMethods: ['GET', 'HEAD', 'OPTIONS'],
        accessControlAllowHeaders: PUBLIC_REQUEST_HEADERS,
        // The headers the functions expose themselves where no CDN stands in front (lib/http/response.ts).
        accessControlExposeHeaders: EXPOSED_HEADERS.split(', '),
        accessControlAllowCredentials: false,
        accessControlMaxAge: Duration.days(1),
        originOverride: true,
      },
    });
    const normalise = new CloudFrontFunction(stack, 'CdnPublicReadsRequestFunction', {
      comment: 'Public reads: refuses unknown query parameters of strict rows, normalises Accept and Accept-Language',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(edgeFunctionCode(cachedEdgeRoutes(routes))),
    });

    // One cache policy per distinct key; behaviours of the same key share it.
    const policies = new Map<string, CachePolicy>();
    const policyFor = (key: CacheKey): CachePolicy => {
      const id = JSON.stringify(key);
      let policy = policies.get(id);
      if (!policy) {
        policy = new CachePolicy(stack, `CdnPublicReadsCachePolicy${policies.size === 0 ? '' : policies.size}`, {
          // CloudFront takes a comment of 128 characters at most: a long key is cut, the policy itself lists it whole.
          comment: truncate(`Public reads keyed on the path, ${describeKey(key)}; TTL from the origin`, 128),
          headerBehavior:
            key.headers.length > 0
              ? CacheHeaderBehavior.allowList(...key.headers.map((name) => HEADER_NAMES[name] ?? name))
              : CacheHeaderBehavior.none(),
          queryStringBehavior:
            key.query === 'all'
              ? CacheQueryStringBehavior.all()
              : key.query.length > 0
                ? CacheQueryStringBehavior.allowList(...key.query)
                : CacheQueryStringBehavior.none(),
          cookieBehavior: CacheCookieBehavior.none(),
          // The origin's Cache-Control decides; an answer without one is not kept.
          minTtl: Duration.seconds(0),
          defaultTtl: Duration.seconds(0),
          maxTtl: CDN_MAX_TTL,
          enableAcceptEncodingGzip: true,
          enableAcceptEncodingBrotli: true,
        });
        policies.set(id, policy);
      }
      return policy;
    };
    const keys = cacheKeysByPattern(routes);
    const behaviour = (pattern: string): BehaviorOptions => ({
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      cachePolicy: policyFor(keys.get(pattern) ?? { headers: [], query: [] }),
      originRequestPolicy: correlation,
      responseHeadersPolicy: anyOrigin,
      functionAssociations: [{ function: normalise, eventType: FunctionEventType.VIEWER_REQUEST }],
      compress: true,
    });

    if (config.cdnRateLimit !== undefined) {
      this.webAcl = new CfnWebACL(stack, 'CdnWebAcl', {
        name: `${stack.stackName}-cdn-rate`,
        scope: 'CLOUDFRONT',
        defaultAction: { allow: {} },
        visibilityConfig: {
          cloudWatchMetricsEnabled: true,
          metricName: `${stack.stackName}-cdn`,
          sampledRequestsEnabled: true,
        },
        rules: [
          {
            name: 'rate-per-ip',
            priority: 0,
            action: { block: {} },
            statement: {
              rateBasedStatement: {
                limit: config.cdnRateLimit,
                aggregateKeyType: 'IP',
                evaluationWindowSec: RATE_WINDOW_SECONDS,
              },
            },
            visibilityConfig: {
              cloudWatchMetricsEnabled: true,
              metricName: `${stack.stackName}-cdn-rate-per-ip`,
              sampledRequestsEnabled: true,
            },
          },
        ],
      });
    }
    const webAclId = this.webAcl?.attrArn ?? config.cdnWebAclArn;

    this.distribution = new Distribution(stack, 'Cdn', {
      comment: `${stack.stackName}: public passport reads cached, everything else passed through`,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...(webAclId !== undefined && { webAclId }),
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        // Never kept; with caching off, this policy forwards every viewer header, Authorization included.
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      },
      additionalBehaviors: Object.fromEntries(this.cachedPaths.map((pattern) => [pattern, behaviour(pattern)])),
      // An error is never kept (CloudFront would keep one 10 s): it may be a HEAD's answer, which
      // shares its cache entry with the GET, or a dependency that is back a second later.
      errorResponses: NEVER_KEPT_ERRORS.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
    });
    for (const acknowledgement of [
      NAG_ACKNOWLEDGEMENTS.cdnGeoRestriction,
      ...(webAclId === undefined ? [NAG_ACKNOWLEDGEMENTS.cdnWaf] : []),
      NAG_ACKNOWLEDGEMENTS.cdnAccessLogs,
      NAG_ACKNOWLEDGEMENTS.cdnViewerTls,
    ]) {
      acknowledge(this.distribution, acknowledgement);
    }
  }
}

/** What one behaviour's cache key holds besides the path. */
export interface CacheKey {
  headers: readonly string[];
  query: readonly string[] | 'all';
}

/** The cached rows' edge behaviour (infra/constructs/edge-request.ts), most specific path first. */
export const cachedEdgeRoutes = (routes: readonly Route[]): EdgeRoute[] =>
  cachedRows(routes)
    .map(edgeRoute)
    .sort((a, b) => b.path.length - a.path.length || a.path.localeCompare(b.path));

/**
 * Each cached path pattern's cache key: the headers and query parameters its rows read (the union,
 * where rows share a pattern). Fails the synth past CloudFront's limits.
 */
export function cacheKeysByPattern(routes: readonly Route[]): Map<string, CacheKey> {
  const keys = new Map<string, CacheKey>();
  for (const route of cachedRows(routes)) {
    const edge = edgeRoute(route);
    const pattern = pathPattern(route);
    const before = keys.get(pattern);
    const query =
      edge.query === 'all' || before?.query === 'all'
        ? 'all'
        : [...new Set([...(before?.query ?? []), ...edge.query])].sort();
    const headers = [...new Set([...(before?.headers ?? []), ...edge.headers])].sort();
    if (headers.length > MAX_KEY_HEADERS || (query !== 'all' && query.length > MAX_KEY_QUERY_STRINGS)) {
      throw new Error(`The CDN cannot key ${pattern} on ${headers.length} headers and ${query.length} query strings`);
    }
    keys.set(pattern, { headers, query });
  }
  return keys;
}

const describeKey = (key: CacheKey): string =>
  [
    key.query === 'all' ? 'the whole query string' : key.query.length > 0 ? `?${key.query.join(', ')}` : 'no query',
    key.headers.length > 0 ? key.headers.join(', ') : 'no header',
  ].join(' and ');

/** `text`, cut to `max` characters with an ellipsis where it was longer. */
const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
