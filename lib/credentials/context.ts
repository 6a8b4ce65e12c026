import { dppContextUrl } from '../links';

/**
 * The JSON-LD namespaces of the UN Transparency Protocol (UNTP 0.6): its core terms (`Product`,
 * `Link`, `SecureLink`, `linkURL`, `hashDigest`, `hashMethod`, `characteristics`…) are under
 * `core/0/`, only the passport's own (`DigitalProductPassport`, `ProductPassport`,
 * `granularityLevel`) under `dpp/0/`; code lists are `<namespace><list>Code#<code>`.
 */
export const UNTP_CORE = 'https://test.uncefact.org/vocabulary/untp/core/0/';
export const UNTP_DPP = 'https://test.uncefact.org/vocabulary/untp/dpp/0/';
/** UNTP's code list of hash methods (`SHA-256`) and of passport granularities (`item`, `batch`, `model`). */
export const HASH_METHOD_CODES = `${UNTP_CORE}hashMethodCode#`;
export const GRANULARITY_CODES = `${UNTP_DPP}granularityCode#`;
/** The methods of GET /ns/dpp/v1: its row's, and its handler's without importing the row (valibot). */
export const getDppContextMethods = { method: 'GET', alsoAnswers: ['HEAD', 'OPTIONS'] } as const;
/** The media type of a JSON-LD document (a context is one). */
export const JSON_LD_TYPE = 'application/ld+json';

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

/**
 * A `@vocab`-typed term whose values are codes of one UNTP code list: `"SHA-256"` expands to
 * `…/hashMethodCode#SHA-256`, as UNTP's own context writes it (the same definition, so a term UNTP
 * protects and this one never clash).
 */
export const codeTerm = (id: string, codes: string) => ({
  '@id': id,
  '@type': '@vocab',
  '@context': { '@protected': true, '@vocab': codes },
});

/** UNTP's `Link` and `SecureLink` properties, defined exactly as UNTP's context defines them. */
export const LINK_TERMS = {
  linkURL: { '@id': `${UNTP_CORE}linkURL`, '@type': XSD_STRING },
  linkName: { '@id': `${UNTP_CORE}linkName`, '@type': XSD_STRING },
  linkType: { '@id': `${UNTP_CORE}linkType`, '@type': XSD_STRING },
} as const;
export const SECURE_LINK_TERMS = {
  ...LINK_TERMS,
  hashDigest: { '@id': `${UNTP_CORE}hashDigest`, '@type': XSD_STRING },
  hashMethod: codeTerm(`${UNTP_CORE}hashMethod`, HASH_METHOD_CODES),
} as const;

/**
 * The service's own JSON-LD context (GET /ns/dpp/v1, docs/choices.md, Verifiable credentials):
 * every term of a version's credential that neither the VC 2.0 context nor UNTP's DPP context
 * defines. UNTP's core types the credential uses outside UNTP's scoped contexts (`Link`,
 * `SecureLink`, `Characteristics`, `characteristics`, whose definition UNTP 0.6.1's context
 * lacks) are mapped to UNTP's core IRIs; the passport's own data (its cards, files, profile
 * and the notarization) to the service's vocabulary, `<context URL>#<term>`. No `@vocab`: a term
 * not defined here is an error, never silently the base's. Values of free shape (a profile's
 * aspects, the tier hashes) are `@json` literals, kept whole.
 */
export function dppContext() {
  const own = `${dppContextUrl()}#`;
  const term = (name: string) => `${own}${name}`;
  return {
    '@context': {
      '@version': 1.1,
      '@protected': true,
      Link: { '@id': `${UNTP_CORE}Link`, '@context': { '@protected': true, ...LINK_TERMS } },
      SecureLink: { '@id': `${UNTP_CORE}SecureLink`, '@context': { '@protected': true, ...SECURE_LINK_TERMS } },
      Characteristics: `${UNTP_CORE}Characteristics`,
      characteristics: { '@id': `${UNTP_CORE}characteristics`, '@type': '@id' },
      passportVersion: { '@id': term('passportVersion'), '@type': 'http://www.w3.org/2001/XMLSchema#integer' },
      versionId: term('versionId'),
      productType: term('productType'),
      productCode: term('productCode'),
      modelId: term('modelId'),
      templateId: term('templateId'),
      inLanguage: 'https://schema.org/inLanguage',
      dateCreated: { '@id': 'https://schema.org/dateCreated', '@type': 'http://www.w3.org/2001/XMLSchema#dateTime' },
      dateModified: { '@id': 'https://schema.org/dateModified', '@type': 'http://www.w3.org/2001/XMLSchema#dateTime' },
      identifier: 'https://schema.org/identifier',
      TechCard: term('TechCard'),
      techCards: { '@id': term('techCards'), '@container': '@list' },
      characteristic: { '@id': term('characteristic'), '@container': '@list' },
      PassportFile: term('PassportFile'),
      files: { '@id': term('files'), '@container': '@list' },
      encodingFormat: 'https://schema.org/encodingFormat',
      url: { '@id': 'https://schema.org/url', '@type': '@id' },
      sha256: 'https://schema.org/sha256',
      profile: term('profile'),
      category: term('category'),
      aspects: { '@id': term('aspects'), '@type': '@json' },
      tierDigests: { '@id': term('tierDigests'), '@type': '@json' },
      Notarization: term('Notarization'),
      reportHash: term('reportHash'),
      signature: term('signature'),
      signer: term('signer'),
      anchor: { '@id': term('anchor'), '@type': '@id' },
      AnchorTransaction: term('AnchorTransaction'),
      transactionHash: term('transactionHash'),
      blockHash: term('blockHash'),
      blockNumber: { '@id': term('blockNumber'), '@type': 'http://www.w3.org/2001/XMLSchema#integer' },
    },
  };
}
