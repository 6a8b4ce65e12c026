import * as v from 'valibot';
import type { DppLinkItem } from '../dpps/link';
import { NotFoundError } from '../errors';
import { digitalLinkUri } from '../links';
import { gtinParam, resolverRequest, serialParam } from './identifiers';
import { jsonLd } from './json-ld';
import { itemUri, linkset, linksOf, relationOf } from './link-types';
import { readItemLink, readProductLinks } from './repository';

export const resolveItemInput = v.object({
  params: v.object({ gtin: gtinParam, serial: serialParam }),
  ...resolverRequest,
});

export const resolveProductInput = v.object({ params: v.object({ gtin: gtinParam }), ...resolverRequest });

type Request = Pick<v.InferOutput<typeof resolveItemInput>, 'query' | 'headers'>;

/**
 * What the resolver answers, as plain data (the handler makes it HTTP: lib/http/response.ts
 * `represent`): a redirect with its headers, or a body of a media type.
 */
export type Resolution =
  | { redirect: string; headers: Record<string, string> }
  | { contentType: string; body: unknown; headers: Record<string, string> };

export const LINKSET_TYPE = 'application/linkset+json';
export const JSON_LD_TYPE = 'application/ld+json';

/** An unknown or unpublished product or item, or a link type it has no link for: all 404. */
const notFound = () => new NotFoundError('No passport for this GS1 Digital Link URI', 'DPP_NOT_FOUND');
const noLinkType = (linkType: string) =>
  new NotFoundError(`This product has no link of type ${linkType}`, 'LINK_TYPE_NOT_FOUND');

/**
 * GS1-Conformant resolver answer for a resolved DPP (docs/choices.md, Resolver):
 * - `?linkType=linkset` (or `all`), or `Accept: application/linkset+json`: the RFC 9264 link set;
 * - `?linkType=gs1:dpp`, or `Accept: application/ld+json`: the passport as JSON-LD;
 * - `?linkType=<type>`: a 307 to that link (404 when there is none);
 * - otherwise a 307 to the default link, the passport page.
 * A redirect passes the rest of the query string on and carries `Link: <…?linkType=linkset>; rel="linkset"`.
 */
function answer(anchor: string, link: DppLinkItem, request: Request, items?: DppLinkItem[]): Resolution {
  const { linkType, ...rest } = request.query;
  const accept = request.headers.accept ?? '';
  const vary = { vary: 'Accept' };
  const relation = linkType === undefined ? undefined : relationOf(linkType);
  if (relation === 'linkset' || relation === 'all' || (relation === undefined && accept.includes(LINKSET_TYPE))) {
    return { contentType: LINKSET_TYPE, body: linkset(anchor, link, items), headers: vary };
  }
  if (relation === 'https://gs1.org/voc/dpp' || (relation === undefined && accept.includes(JSON_LD_TYPE))) {
    return { contentType: JSON_LD_TYPE, body: jsonLd(link), headers: vary };
  }
  const target = linksOf(link)[relation ?? 'https://gs1.org/voc/defaultLink']?.[0];
  if (!target) throw noLinkType(linkType ?? '');
  const passed = new URLSearchParams(
    Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString();
  return {
    redirect: passed === '' ? target.href : `${target.href}${target.href.includes('?') ? '&' : '?'}${passed}`,
    headers: { ...vary, link: `<${anchor}?linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"` },
  };
}

/** GET /01/{gtin}/21/{serial}: the item's DPP, from its Digital Link entry (ONE GetItem). */
export async function resolveItem(input: v.InferOutput<typeof resolveItemInput>): Promise<Resolution> {
  const link = await readItemLink(input.params.gtin, input.params.serial);
  if (!link?.published) throw notFound();
  return answer(itemUri(link), link, input);
}

/**
 * GET /01/{gtin}: the product. Its published DPPs (ONE Query of its entries); the answer is the
 * newest one's (the greatest id: ids are UUIDv7, in creation order), and its link set also
 * lists every published DPP of the product under `item`.
 */
export async function resolveProduct(input: v.InferOutput<typeof resolveProductInput>): Promise<Resolution> {
  const published = (await readProductLinks(input.params.gtin)).filter((link) => link.published);
  const newest = published.reduce<DppLinkItem | undefined>((a, b) => (a && a.dpp_id > b.dpp_id ? a : b), undefined);
  if (!newest) throw notFound();
  return answer(digitalLinkUri(input.params.gtin), newest, input, published);
}
