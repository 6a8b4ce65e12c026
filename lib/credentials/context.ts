import { type HttpResponse, json, PUBLIC_CORS } from '../http/response';
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

/** A context changes only with a deploy: kept a day, revalidated in the background for a week. */
export const CONTEXT_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * GET /ns/dpp/v1's answer, with no Middy, no token and no read (like the resolver's description):
 * the context as `application/ld+json`, readable by any origin (a JSON-LD processor in a page
 * fetches it); a query parameter (the row takes none) is 400 `VALIDATION_ERROR` naming each one.
 * No ETag: the function bundles the terms and little else (the bundle-size goal), and a day's
 * caching is what a processor needs of a context.
 */
export function dppContextAnswer(query: Record<string, string | undefined> | undefined): HttpResponse {
  const unknown = Object.keys(query ?? {});
  if (unknown.length > 0) {
    const details = unknown.map((path) => ({ path, message: 'is not a parameter of this route' }));
    return json(400, { error: 'The request is not valid', code: 'VALIDATION_ERROR', details });
  }
  return json(200, dppContext(), { ...PUBLIC_CORS, 'content-type': JSON_LD_TYPE, 'cache-control': CONTEXT_CACHE });
}
