import type { DppLinkItem } from '../dpps/link';
import { digitalLinkUri, dppJsonUrl, passportPageUrl, versionUri } from '../links';

/** GS1 Web Vocabulary: link types (relations) are `https://gs1.org/voc/<name>`, `gs1:<name>` for short. */
export const GS1_VOC = 'https://gs1.org/voc/';

/**
 * The passport page, the default link (gs1:pip and gs1:defaultLink): where a scan lands. The
 * one place that says where and in which media type: the HTML page GET /passport/{dppId}
 * (lib/pages), which follows the reader's Accept-Language.
 */
export const PASSPORT_PAGE = {
  href: (dppId: string): string => passportPageUrl(dppId),
  type: 'text/html',
} as const;

/** One target of a link set (RFC 9264): every one carries href, type, title and hreflang. */
export interface LinkTarget {
  href: string;
  type: string;
  title: string;
  hreflang: string[];
}

/** The relations a resolved DPP has links for, in the order the link set lists them. */
export const LINK_TYPES = [
  `${GS1_VOC}pip`,
  `${GS1_VOC}dpp`,
  'describedby',
  'latest-version',
  'version-history',
  `${GS1_VOC}defaultLink`,
] as const;

/** A relation as a `linkType` names it: `gs1:pip` or its full URI, an IANA name as it is. */
export const relationOf = (linkType: string): string =>
  linkType.startsWith('gs1:') ? `${GS1_VOC}${linkType.slice(4)}` : linkType;

/** The Digital Link URI of an entry: the item's. */
export const itemUri = (link: DppLinkItem): string => digitalLinkUri(link.gtin, link.serial);

/**
 * The links of one DPP by relation: the page (gs1:pip, also gs1:defaultLink), the passport as
 * JSON-LD (gs1:dpp: the item's Digital Link URI asked for it), the JSON view (describedby), and
 * its version documents (version-history, newest first; the newest also as latest-version).
 */
export function linksOf(link: DppLinkItem): Record<string, LinkTarget[]> {
  const hreflang = [link.language];
  const page: LinkTarget = {
    href: PASSPORT_PAGE.href(link.dpp_id),
    type: PASSPORT_PAGE.type,
    title: `${link.name}: product passport`,
    hreflang,
  };
  const versions: LinkTarget[] = [];
  for (let n = link.version_count; n >= 1; n--) {
    versions.push({
      href: versionUri(link.dpp_id, n),
      type: 'application/json',
      title: `${link.name}: passport version ${n} (canonical document)`,
      hreflang,
    });
  }
  return {
    [`${GS1_VOC}pip`]: [page],
    [`${GS1_VOC}dpp`]: [
      {
        href: `${itemUri(link)}?linkType=gs1:dpp`,
        type: 'application/ld+json',
        title: `${link.name}: digital product passport (JSON-LD)`,
        hreflang,
      },
    ],
    describedby: [
      {
        href: dppJsonUrl(link.dpp_id),
        type: 'application/json',
        title: `${link.name}: passport data (JSON)`,
        hreflang,
      },
    ],
    ...(versions[0] !== undefined && { 'latest-version': [versions[0]], 'version-history': versions }),
    [`${GS1_VOC}defaultLink`]: [page],
  };
}

/**
 * The RFC 9264 link set (application/linkset+json) of a Digital Link URI: one context, the
 * URI, with the DPP's links; at the product level also `item`, each published DPP's URI.
 */
export function linkset(anchor: string, link: DppLinkItem, items: DppLinkItem[] = []) {
  const context: Record<string, unknown> = { anchor, ...linksOf(link) };
  if (items.length > 0) {
    context.item = items.map((entry) => ({
      href: itemUri(entry),
      type: 'application/linkset+json',
      title: `${entry.name}: serial ${entry.serial}`,
      hreflang: [entry.language],
    }));
  }
  return { linkset: [context] };
}
