import type { DppLinkItem } from '../dpps/link';
import { digitalLinkUri, dppJsonUrl, passportPageUrl, versionUri } from '../links';

/** GS1 Web Vocabulary: link types (relations) are `https://gs1.org/voc/<name>`, `gs1:<name>` for short. */
export const GS1_VOC = 'https://gs1.org/voc/';

/** IANA's link relations (RFC 8288): used by their bare names (`describedby`); `iana:<name>` for short. */
export const IANA_RELATIONS = 'http://www.iana.org/assignments/relation/';

/**
 * UNTP's link types (UNTP Identity Resolver): `untp:dpp` is a product's passport as a verifiable
 * credential, `https://test.uncefact.org/vocabulary/linkTypes/dpp` in full, as the link set keys it.
 */
export const UNTP_LINK_TYPES = 'https://test.uncefact.org/vocabulary/linkTypes/';

/**
 * The JSON-LD context of a link set (GS1-Conformant Resolver's artefact), named by the `Link`
 * header of every link set answer so a JSON-LD processor can read it as linked data.
 */
export const LINKSET_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

/**
 * The passport page, the default link (gs1:pip and gs1:defaultLink): where a scan lands. The
 * one place that says where and in which media type: the HTML page GET /passport/{dppId}
 * (lib/pages), which follows the reader's Accept-Language.
 */
export const PASSPORT_PAGE = {
  href: (dppId: string): string => passportPageUrl(dppId),
  type: 'text/html',
} as const;

/**
 * One target of a link set (RFC 9264): href and title, and but for the default link (which
 * GS1-Conformant Resolver defines without the optional attributes) its type and hreflang.
 */
export interface LinkTarget {
  href: string;
  title: string;
  type?: string;
  hreflang?: string[];
}

/** The relations a resolved DPP has links for, in the order the link set lists them. */
export const LINK_TYPES = [
  `${GS1_VOC}pip`,
  `${GS1_VOC}dpp`,
  `${UNTP_LINK_TYPES}dpp`,
  'describedby',
  'latest-version',
  'version-history',
  `${GS1_VOC}defaultLink`,
] as const;

/**
 * The GS1 vocabulary's namespaces a `linkType` may use: its terms' own (`https://gs1.org/voc/`),
 * the one it is published at now (`https://ref.gs1.org/voc/`), and `www.` and `http:` forms.
 */
const GS1_NAMESPACE = /^https?:\/\/(?:www\.|ref\.)?gs1\.org\/voc\//;

/**
 * A relation as a `linkType` names it, as the link set keys it: `gs1:pip` or the term in any
 * of the GS1 vocabulary's namespaces is `https://gs1.org/voc/pip`; `iana:describedby` or IANA's
 * full URI is `describedby`; `untp:dpp` is UNTP's `…/linkTypes/dpp`; anything else as it is.
 */
export function relationOf(linkType: string): string {
  if (linkType.startsWith('gs1:')) return `${GS1_VOC}${linkType.slice(4)}`;
  const gs1 = GS1_NAMESPACE.exec(linkType);
  if (gs1) return `${GS1_VOC}${linkType.slice(gs1[0].length)}`;
  if (linkType.startsWith('iana:')) return linkType.slice(5);
  if (linkType.startsWith('untp:')) return `${UNTP_LINK_TYPES}${linkType.slice(5)}`;
  if (linkType.startsWith(IANA_RELATIONS)) return linkType.slice(IANA_RELATIONS.length);
  return linkType;
}

/** The Digital Link URI of an entry: the item's. */
export const itemUri = (link: DppLinkItem): string => digitalLinkUri(link.gtin, link.serial);

/** The link set's `item` targets at the product level: each published DPP's item URI. */
const itemTargets = (items: DppLinkItem[]): LinkTarget[] =>
  items.map((entry) => ({
    href: itemUri(entry),
    type: 'application/linkset+json',
    title: `${entry.name}: serial ${entry.serial}`,
    hreflang: [entry.language],
  }));

/**
 * The links of one DPP by relation: the page (gs1:pip, also gs1:defaultLink, there with its
 * href and title only), the passport as JSON-LD (gs1:dpp: the item's Digital Link URI, which
 * answers JSON-LD to `Accept: application/ld+json`), the latest version's credential (untp:dpp,
 * `application/vc+jwt`, once there is a version), the JSON view (describedby), and its
 * version documents (version-history, newest first; the newest also as latest-version); at the
 * product level also `item` (RFC 6573), each published DPP of the GTIN.
 */
export function linksOf(link: DppLinkItem, items: DppLinkItem[] = []): Record<string, LinkTarget[]> {
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
        href: itemUri(link),
        type: 'application/ld+json',
        title: `${link.name}: digital product passport (JSON-LD)`,
        hreflang,
      },
    ],
    // UNTP's discovery of the passport as a credential: the latest version's URI, which answers the
    // credential to `Accept: application/vc+jwt` (docs/choices.md, Verifiable credentials).
    ...(versions[0] !== undefined && {
      [`${UNTP_LINK_TYPES}dpp`]: [
        {
          href: versions[0].href,
          type: 'application/vc+jwt',
          title: `${link.name}: digital product passport (UNTP verifiable credential, version ${link.version_count})`,
          hreflang,
        },
      ],
    }),
    describedby: [
      {
        href: dppJsonUrl(link.dpp_id),
        type: 'application/json',
        title: `${link.name}: passport data (JSON)`,
        hreflang,
      },
    ],
    ...(versions[0] !== undefined && { 'latest-version': [versions[0]], 'version-history': versions }),
    ...(items.length > 0 && { item: itemTargets(items) }),
    [`${GS1_VOC}defaultLink`]: [{ href: page.href, title: page.title }],
  };
}

/**
 * The RFC 9264 link set (application/linkset+json) of a Digital Link URI: one context, the
 * URI, described by the DPP's name (`itemDescription`, which GS1's link set schema requires),
 * with the DPP's links; at the product level also `item`, each published DPP's URI.
 */
export function linkset(anchor: string, link: DppLinkItem, items: DppLinkItem[] = []) {
  return { linkset: [{ anchor, itemDescription: link.name, ...linksOf(link, items) }] };
}
