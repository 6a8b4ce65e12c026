import ownContext from '../credentials/dpp-context.json';
import { codeTerm, GRANULARITY_CODES, UNTP_CORE, UNTP_DPP } from '../credentials/untp';
import type { DppLinkItem } from '../dpps/link';
import { dppJsonUrl, publicImageUrl, versionUri } from '../links';
import { itemUri, PASSPORT_PAGE } from './link-types';

/** UNTP's `SecureLink` properties, as the credentials' context defines them (exactly as UNTP's does). */
const { '@protected': _protected, ...SECURE_LINK_TERMS } = ownContext['@context'].SecureLink['@context'];

/**
 * The JSON-LD context, embedded in every document so it resolves offline (no remote context).
 * schema.org is the vocabulary; the UNTP terms are mapped one by one, each under its own
 * namespace (UNTP core's `SecureLink`, `linkURL`, `hashDigest`, `hashMethod`; the DPP's
 * `DigitalProductPassport`, `granularityLevel`), the codes of `hashMethod` and
 * `granularityLevel` as UNTP's code-list IRIs (docs/choices.md, JSON-LD).
 */
export const CONTEXT = {
  '@version': 1.1,
  '@vocab': 'https://schema.org/',
  DigitalProductPassport: `${UNTP_DPP}DigitalProductPassport`,
  SecureLink: `${UNTP_CORE}SecureLink`,
  granularityLevel: codeTerm(`${UNTP_DPP}granularityLevel`, GRANULARITY_CODES),
  ...SECURE_LINK_TERMS,
  url: { '@id': 'https://schema.org/url', '@type': '@id' },
  image: { '@id': 'https://schema.org/image', '@type': '@id' },
  contentUrl: { '@id': 'https://schema.org/contentUrl', '@type': '@id' },
} as const;

/**
 * The `manufacturer`: a schema.org `Organization`, the company's id as `identifier`, with its name
 * and country (`address.addressCountry`, ISO 3166-1 alpha-2) where the entry holds them.
 */
function manufacturer(link: DppLinkItem) {
  const m = link.manufacturer;
  return {
    '@type': 'Organization',
    identifier: link.company_id,
    ...(m && { name: m.name }),
    ...(m?.country && { address: { '@type': 'PostalAddress', addressCountry: m.country } }),
  };
}

/**
 * The passport as JSON-LD: a schema.org `IndividualProduct` (the item: gtin, serialNumber, name,
 * description, manufacturer, `image` the public addresses of its images, oldest first), whose
 * `hasDigitalProductPassport` (schema.org's, the equivalent of gs1:dpp) is a UNTP
 * `DigitalProductPassport` (its page, its JSON view, item granularity), whose latest version
 * is a schema.org `MediaObject` and UNTP `SecureLink`: the canonical version document with its
 * SHA-256 (the hash a notarization anchors).
 */
export function jsonLd(link: DppLinkItem) {
  const latest = link.latest_version;
  return {
    '@context': CONTEXT,
    '@id': itemUri(link),
    '@type': 'IndividualProduct',
    gtin: link.gtin,
    serialNumber: link.serial,
    name: link.name,
    description: link.description,
    // Image ids are UUIDv7: sorted, the oldest image first.
    ...(link.image_ids?.size && { image: [...link.image_ids].sort().map((id) => publicImageUrl(link.dpp_id, id)) }),
    manufacturer: manufacturer(link),
    hasDigitalProductPassport: {
      '@id': dppJsonUrl(link.dpp_id),
      '@type': ['DigitalProductPassport', 'Dataset'],
      url: PASSPORT_PAGE.href(link.dpp_id),
      granularityLevel: 'item',
      inLanguage: link.language,
      dateModified: link.updated_at,
      ...(latest && {
        version: latest.version,
        associatedMedia: {
          '@id': versionUri(link.dpp_id, latest.version),
          '@type': ['MediaObject', 'SecureLink'],
          contentUrl: versionUri(link.dpp_id, latest.version),
          linkURL: versionUri(link.dpp_id, latest.version),
          encodingFormat: 'application/json',
          uploadDate: latest.created_at,
          sha256: latest.hash,
          hashDigest: latest.hash,
          hashMethod: 'SHA-256',
        },
      }),
    },
  };
}
