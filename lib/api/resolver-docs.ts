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
  '(or `all`), or `Accept: application/linkset+json`: **200**, the RFC 9264 link set (`application/linkset+json`, ' +
  'valid against GS1’s link set schema), with a `Link` to its JSON-LD context: `itemDescription` (the DPP’s ' +
  'name), `gs1:pip`, `gs1:dpp` (the item’s URI, which answers JSON-LD), `untp:dpp` (UNTP’s ' +
  '`https://test.uncefact.org/vocabulary/linkTypes/dpp`: the latest version’s URI typed `application/vc+jwt`, ' +
  'which answers the UNTP credential to that `Accept`), `describedby` (the JSON view `GET ' +
  '/dpp/{dppId}`), `latest-version` and `version-history` (the canonical version documents), at the product ' +
  'level `item` (each published DPP’s URI), and `gs1:defaultLink` (its `href` and `title` only); every other ' +
  'link has `href`, `type`, `title` and `hreflang`. `Accept: application/ld+json`: **200**, the passport as ' +
  'JSON-LD (schema.org `IndividualProduct` and its `hasDigitalProductPassport`, UNTP terms; the context ' +
  'embedded). `?linkType=<type>` (`gs1:pip`, `https://gs1.org/voc/pip` or `https://ref.gs1.org/voc/pip`; ' +
  '`untp:dpp`; an IANA name as is or as `iana:<name>`): a ' +
  '**307** to that link, chosen by `Accept` and `Accept-Language` among several; **300** Multiple Choices, the ' +
  'links as a link set and the first as `Location`, when several remain that nothing tells apart (the version ' +
  'documents under `version-history`). The link set and the JSON-LD carry an `ETag`; `If-None-Match` with it ' +
  'answers **304** without a body. Every answer: `Cache-Control: public, max-age=60, stale-while-revalidate=600`, ' +
  '`Vary: Accept, Accept-Language`, CORS for any origin (`Location`, `Link` and `ETag` exposed), no cookie. A ' +
  'DPP its company has not published answers like an unknown one. One DynamoDB read per answer.';

/** A link's target: href and title; type and hreflang on every link but the default one. */
const target = v.strictObject({
  href: v.pipe(v.string(), v.url()),
  title: v.string(),
  type: v.optional(v.string()),
  hreflang: v.optional(v.array(v.string())),
});

/** The RFC 9264 link set: one context, its anchor, its description and its targets by relation. */
export const linksetResponse = v.strictObject({
  linkset: v.array(
    v.objectWithRest({ anchor: v.pipe(v.string(), v.url()), itemDescription: v.string() }, v.array(target)),
  ),
});

export const RESOLVER_ANSWERS: readonly OtherAnswer[] = [
  { status: 200, contentType: 'application/linkset+json', description: 'The link set (RFC 9264)' },
  { status: 200, contentType: 'application/ld+json', description: 'The passport as JSON-LD' },
  {
    status: 300,
    contentType: 'application/linkset+json',
    description: 'Several links of the asked type that nothing in the request tells apart: the list, as a link set',
  },
  { status: 304, description: '`If-None-Match` names the current `ETag`: no body' },
  { status: 307, description: 'To the asked link, or the default link (`Location`; `Link` names the link set)' },
  ...HTML_ERRORS,
];
