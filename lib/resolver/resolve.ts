import * as v from 'valibot';
import type { DppLinkItem } from '../dpps/link';
import { NotFoundError } from '../errors';
import { digitalLinkUri } from '../links';
import { digitalLinkPathParam, GTIN_QUALIFIERS, gtinParam, type QualifiedGtin, resolverRequest } from './identifiers';
import { jsonLd } from './json-ld';
import { GS1_VOC, LINKSET_CONTEXT, type LinkTarget, linkset, linksOf, relationOf } from './link-types';
import { readItemLink, readProductLinks } from './repository';

export const resolveItemInput = v.object({
  params: v.object({ path: digitalLinkPathParam }),
  ...resolverRequest,
});

export const resolveProductInput = v.object({ params: v.object({ gtin: gtinParam }), ...resolverRequest });

type Request = Pick<v.InferOutput<typeof resolveItemInput>, 'query' | 'headers'>;

/**
 * What the resolver answers, as plain data (the handler makes it HTTP: lib/http/response.ts
 * `represent`): a redirect with its headers, or a body of a media type (with its status: 300
 * for a choice among links).
 */
export type Resolution =
  | { redirect: string; headers: Record<string, string> }
  | { contentType: string; body: unknown; headers: Record<string, string>; status?: 300 };

export const LINKSET_TYPE = 'application/linkset+json';
export const JSON_LD_TYPE = 'application/ld+json';

/** The `Link` header of a link set answer: its JSON-LD context (GS1-Conformant Resolver, a SHOULD). */
const LINKSET_CONTEXT_LINK = `<${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="${JSON_LD_TYPE}"`;

/**
 * What OPTIONS of a Digital Link URI says besides its methods: where its link set is (a
 * reference relative to the URI asked, answered before any read or check).
 */
export const RESOLVER_OPTIONS_HEADERS = { link: `<?linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"` } as const;

/** An unknown or unpublished product or item, or a link type it has no link for: all 404. */
const notFound = () => new NotFoundError('No passport for this GS1 Digital Link URI', 'DPP_NOT_FOUND');
const noLinkType = (linkType: string) =>
  new NotFoundError(`This product has no link of type ${linkType}`, 'LINK_TYPE_NOT_FOUND');

/** The primary language tags an `Accept-Language` names (`it-CH, en;q=0.8` → it, en), `*` and q=0 left out. */
const languagesOf = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
    .map(([tag = '']) => tag.trim().toLowerCase().split('-')[0] ?? '')
    .filter((tag) => tag !== '' && tag !== '*');

/**
 * The links of one type a request may mean: those whose media type its `Accept` names, then
 * those in a language its `Accept-Language` names (each step skipped when none would be left).
 */
function choose(targets: LinkTarget[], request: Request): LinkTarget[] {
  const accept = (request.headers.accept ?? '').toLowerCase();
  const byType = targets.filter((target) => target.type && accept.includes(target.type));
  const typed = byType.length > 0 ? byType : targets;
  const languages = languagesOf(request.headers['accept-language']);
  const byLanguage = typed.filter((target) =>
    target.hreflang?.some((lang) => languages.includes(lang.toLowerCase().split('-')[0] ?? '')),
  );
  return byLanguage.length > 0 ? byLanguage : typed;
}

/** Whether two links of one type have the same media type and languages: nothing tells them apart. */
const alike = (a: LinkTarget, b: LinkTarget): boolean =>
  a.type === b.type && (a.hreflang ?? []).join() === (b.hreflang ?? []).join();

/**
 * GS1-Conformant resolver answer for a resolved DPP (docs/choices.md, Resolver):
 * - `?linkType=linkset` (or `all`), or `Accept: application/linkset+json`: the RFC 9264 link set,
 *   with a `Link` to its JSON-LD context;
 * - `Accept: application/ld+json` (no `linkType`): the passport as JSON-LD;
 * - `?linkType=<type>`: a 307 to that link (chosen by `Accept` and `Accept-Language` among
 *   several); 300 Multiple Choices when several remain that nothing tells apart (the version
 *   documents under `version-history`); 404 when there is none;
 * - otherwise a 307 to the default link, the passport page.
 * A redirect passes the rest of the query string on and carries `Link: <…?linkType=linkset>; rel="linkset"`.
 */
function answer(anchor: string, link: DppLinkItem, request: Request, items?: DppLinkItem[]): Resolution {
  const { linkType, ...rest } = request.query;
  const accept = request.headers.accept ?? '';
  const vary = { vary: 'Accept, Accept-Language' };
  const relation = linkType === undefined ? undefined : relationOf(linkType);
  if (relation === 'linkset' || relation === 'all' || (relation === undefined && accept.includes(LINKSET_TYPE))) {
    return {
      contentType: LINKSET_TYPE,
      body: linkset(anchor, link, items),
      headers: { ...vary, link: LINKSET_CONTEXT_LINK },
    };
  }
  if (relation === undefined && accept.includes(JSON_LD_TYPE)) {
    return { contentType: JSON_LD_TYPE, body: jsonLd(link), headers: vary };
  }
  const key = relation ?? `${GS1_VOC}defaultLink`;
  const chosen = choose(linksOf(link, items)[key] ?? [], request);
  const [first] = chosen;
  if (!first) throw noLinkType(linkType ?? key);
  const linksetLink = `<${anchor}?linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"`;
  if (chosen.length > 1 && chosen.every((target) => alike(target, first))) {
    // Several links nothing in the request tells apart: the list, with the first as the preferred one.
    return {
      status: 300,
      contentType: LINKSET_TYPE,
      body: { linkset: [{ anchor, itemDescription: link.name, [key]: chosen }] },
      headers: { ...vary, link: `${linksetLink}, ${LINKSET_CONTEXT_LINK}`, location: first.href },
    };
  }
  const passed = new URLSearchParams(
    Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString();
  return {
    redirect: passed === '' ? first.href : `${first.href}${first.href.includes('?') ? '&' : '?'}${passed}`,
    headers: { ...vary, link: linksetLink },
  };
}

/** The canonical Digital Link URI of a request: the 14-digit GTIN, then its qualifiers in path order. */
function requestUri(path: QualifiedGtin): string {
  const qualifiers = GTIN_QUALIFIERS.filter((q) => path[q.name] !== undefined)
    .map((q) => `/${q.ai}/${encodeURIComponent(path[q.name] ?? '')}`)
    .join('');
  return `${digitalLinkUri(path.gtin)}${qualifiers}`;
}

/**
 * The product (GTIN): its published DPPs (ONE Query of its entries); the answer is the newest
 * one's (the greatest id: ids are UUIDv7, in creation order), and its link set also lists every
 * published DPP of the product under `item`.
 */
async function answerProduct(gtin: string, request: Request): Promise<Resolution> {
  const published = (await readProductLinks(gtin)).filter((link) => link.published);
  const newest = published.reduce<DppLinkItem | undefined>((a, b) => (a && a.dpp_id > b.dpp_id ? a : b), undefined);
  if (!newest) throw notFound();
  return answer(digitalLinkUri(gtin), newest, request, published);
}

/**
 * GET /01/{path+}: a Digital Link URI with key qualifiers (22, 10, 21 in that order; a trailing
 * slash tolerated). A serial names an item: its DPP, from its Digital Link entry (ONE GetItem),
 * anchored at the URI as asked (in canonical form). Without a serial, or when no published DPP
 * has it, the resolver walks up the tree to the product (a DPP is an item; the service keeps
 * no lot or variant of its own).
 */
export async function resolveItem(input: v.InferOutput<typeof resolveItemInput>): Promise<Resolution> {
  const { path } = input.params;
  const link = path.serial === undefined ? undefined : await readItemLink(path.gtin, path.serial);
  if (link?.published) return answer(requestUri(path), link, input);
  return answerProduct(path.gtin, input);
}

/** GET /01/{gtin}: the product. */
export async function resolveProduct(input: v.InferOutput<typeof resolveProductInput>): Promise<Resolution> {
  return answerProduct(input.params.gtin, input);
}
