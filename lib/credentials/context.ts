import { dppContextUrl } from '../links';
import terms from './dpp-context.json';

/** The methods of GET /ns/dpp/v1: its row's, and its handler's without importing the row (valibot). */
export const getDppContextMethods = { method: 'GET', alsoAnswers: ['HEAD', 'OPTIONS'] } as const;
/** The media type of a JSON-LD document (a context is one). */
export const JSON_LD_TYPE = 'application/ld+json';

/**
 * The service's own JSON-LD context (GET /ns/dpp/v1, docs/choices.md, Verifiable credentials):
 * every term of a version's credential that neither the VC 2.0 context nor UNTP's DPP context
 * defines. UNTP's core types the credential uses outside UNTP's scoped contexts (`Link`,
 * `SecureLink` with their properties exactly as UNTP defines them, `hashMethod` a code of
 * `hashMethodCode#`; `Characteristics` and `characteristics`, whose definition UNTP 0.6.1's
 * context lacks) are mapped to UNTP's core IRIs; the passport's own data (its cards, files,
 * profile and the notarization) to the service's vocabulary, `dpp:` = `<context URL>#`. No
 * `@vocab`: a term not defined here is an error, never silently the base's. Values of free shape
 * (a profile's aspects, the tier hashes) are `@json` literals, kept whole. The terms are data
 * (dpp-context.json), so the function that serves them bundles little code.
 */
export function dppContext() {
  return { '@context': { dpp: `${dppContextUrl()}#`, ...terms['@context'] } };
}
