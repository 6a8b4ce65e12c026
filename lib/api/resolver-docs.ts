import * as v from 'valibot';
import type { OtherAnswer } from './contract';
import { HTML_ERRORS } from './html-errors';

/**
 * What the resolver rows (lib/api/routes/resolve-item.ts, resolve-product.ts) share in their
 * docs: how a Digital Link URI is answered, and the shape of its link set. Docs only: no
 * function bundles this file.
 */
export const RESOLVER_DESCRIPTION =
  'GS1-Conformant Resolver 1.2 (docs/choices.md, Resolver). A GTIN in 8, 12 or 13 digits is the same product as ' +
  'its 14-digit form. By default a **307** to the default link, the passport page (`gs1:pip`), with ' +
  '`Link: <…?linkType=linkset>; rel="linkset"` and the rest of the query string passed on. `?linkType=linkset` ' +
  '(or `all`), or `Accept: application/linkset+json`: **200**, the RFC 9264 link set (`application/linkset+json`): ' +
  '`gs1:pip`, `gs1:dpp` (the passport as JSON-LD), `describedby` (the JSON view `GET /dpp/{dppId}`), ' +
  '`latest-version` and `version-history` (the canonical version documents), `gs1:defaultLink`; every link has ' +
  '`href`, `type`, `title` and `hreflang`. `?linkType=gs1:dpp`, or `Accept: application/ld+json`: **200**, the ' +
  'passport as JSON-LD (schema.org `Product`, UNTP DPP terms; the context embedded). `?linkType=<type>` (`gs1:pip` ' +
  'or its full URI, an IANA name as is): a **307** to that link. The link set and the JSON-LD carry an `ETag`; ' +
  '`If-None-Match` with it answers **304** without a body. Every answer: `Cache-Control: public, max-age=60, ' +
  'stale-while-revalidate=600`, `Vary: Accept`, no cookie. A DPP its company has not published answers like an ' +
  'unknown one. One DynamoDB read per answer.';

const target = v.strictObject({
  href: v.pipe(v.string(), v.url()),
  type: v.string(),
  title: v.string(),
  hreflang: v.array(v.string()),
});

/** The RFC 9264 link set: one context, its anchor and its targets by relation. */
export const linksetResponse = v.strictObject({
  linkset: v.array(v.objectWithRest({ anchor: v.pipe(v.string(), v.url()) }, v.array(target))),
});

export const RESOLVER_ANSWERS: readonly OtherAnswer[] = [
  { status: 200, contentType: 'application/linkset+json', description: 'The link set (RFC 9264)' },
  { status: 200, contentType: 'application/ld+json', description: 'The passport as JSON-LD' },
  { status: 304, description: '`If-None-Match` names the current `ETag`: no body' },
  { status: 307, description: 'To the asked link, or the default link (`Location`; `Link` names the link set)' },
  ...HTML_ERRORS,
];
