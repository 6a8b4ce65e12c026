import { createHash, timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import { optional } from '../../config';
import { ForbiddenError } from '../../errors';
import type { ApiEvent } from '../types';

/**
 * The header CloudFront adds to every request it sends to the API (infra/constructs/cdn.ts, an
 * origin custom header; a viewer's own header of that name is overwritten by CloudFront).
 */
export const CDN_ORIGIN_HEADER = 'x-cdn-origin-verify';

/** Set by the stack on every function when the CDN is on (context cdn=true); unset (locally, no CDN): no check. */
const originSecret = /* @__PURE__ */ optional('CDN_ORIGIN_SECRET');

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * With the CDN on, the API answers only requests that came through it (docs/deploy.md, The CDN):
 * a request without the origin header's secret is a 403 before anything else runs, so nobody
 * walks around the CDN's cache, its rate-based rule or its normalised cache key. Compared in
 * constant time (of the SHA-256 of both, so their lengths do not show either).
 */
export function cdnOriginCheck(): middy.MiddlewareObj<ApiEvent> {
  return {
    before: (request) => {
      const expected = originSecret();
      if (expected === undefined) return;
      const sent = request.event.headers?.[CDN_ORIGIN_HEADER];
      if (sent === undefined || !timingSafeEqual(digest(sent), digest(expected))) {
        throw new ForbiddenError('This API answers through its CDN only', 'CDN_ONLY');
      }
    },
  };
}
