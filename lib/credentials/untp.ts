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
/**
 * A `@vocab`-typed term whose values are codes of one UNTP code list: `"item"` expands to
 * `…/granularityCode#item`, as UNTP's own context writes it (the same definition, so a term UNTP
 * protects and this one never clash).
 */
export const codeTerm = (id: string, codes: string) => ({
  '@id': id,
  '@type': '@vocab',
  '@context': { '@protected': true, '@vocab': codes },
});
