/**
 * Context `cdn=true`: a CloudFront distribution in front of the whole HTTP API, so the service
 * has one address (the links' base unless publicBaseUrl names another):
 * - the public reads (CACHED_ROWS, from the route table) get a behaviour each, whose cache key
 *   is the path, the whole query string, `Accept` and `Accept-Language`. The TTL is the one the
 *   function's own `Cache-Control` gives (public, max-age); an answer without one is not kept
 *   (default TTL 0). Their CORS headers come from CloudFront: any origin may read them
 *   (API Gateway replaces a function's own CORS headers with the API's configured origins).
 * - every other route goes through the default behaviour with caching disabled: every viewer
 *   header (Authorization included), query string and cookie is forwarded, nothing is kept.
 * Added in the stack's own scope (see data.ts for why).
 */
import { Duration, type Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CachedMethods,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
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
import type { Route } from '../../lib/api/contract';
import { isCatchAll } from '../../lib/api/routes';
import { EXPOSED_HEADERS } from '../../lib/http/response';
import type { StackConfig } from '../config';
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
const PUBLIC_REQUEST_HEADERS = ['accept', 'accept-language', 'if-none-match', 'x-correlation-id'];

/** The error statuses CloudFront can be told not to keep (every one it would keep by default). */
export const NEVER_KEPT_ERRORS = [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504];

/** How long CloudFront may keep a public answer at most, whatever its Cache-Control says. */
export const CDN_MAX_TTL = Duration.days(1);

export class PassportCdn {
  readonly distribution: Distribution;
  /** The behaviours' path patterns, from the route table (cachedPathPatterns). */
  readonly cachedPaths: readonly string[];

  constructor(stack: Stack, config: StackConfig, api: HttpApi, routes: readonly Route[]) {
    this.cachedPaths = cachedPathPatterns(routes);
    // With a custom domain the execute-api address is off: CloudFront reaches the API at the domain.
    const originDomain =
      config.customDomain?.domainName ?? `${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    const origin = new HttpOrigin(originDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });

    const publicReads = new CachePolicy(stack, 'CdnPublicReadsCachePolicy', {
      comment: 'Public reads: keyed on the path, the query string, Accept and Accept-Language; TTL from the origin',
      headerBehavior: CacheHeaderBehavior.allowList('Accept', 'Accept-Language'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      // The origin's Cache-Control decides; an answer without one is not kept.
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: CDN_MAX_TTL,
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
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
    const publicBehaviour: BehaviorOptions = {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      cachePolicy: publicReads,
      originRequestPolicy: correlation,
      responseHeadersPolicy: anyOrigin,
      compress: true,
    };

    this.distribution = new Distribution(stack, 'Cdn', {
      comment: `${stack.stackName}: public passport reads cached, everything else passed through`,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        // Never kept; with caching off, this policy forwards every viewer header, Authorization included.
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      },
      additionalBehaviors: Object.fromEntries(this.cachedPaths.map((pattern) => [pattern, publicBehaviour])),
      // An error is never kept (CloudFront would keep one 10 s): it may be a HEAD's answer, which
      // shares its cache entry with the GET, or a dependency that is back a second later.
      errorResponses: NEVER_KEPT_ERRORS.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
    });
    for (const acknowledgement of [
      NAG_ACKNOWLEDGEMENTS.cdnGeoRestriction,
      NAG_ACKNOWLEDGEMENTS.cdnWaf,
      NAG_ACKNOWLEDGEMENTS.cdnAccessLogs,
      NAG_ACKNOWLEDGEMENTS.cdnViewerTls,
    ]) {
      acknowledge(this.distribution, acknowledgement);
    }
  }
}
