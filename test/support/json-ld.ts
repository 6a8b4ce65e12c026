import { contexts } from '@digitalbazaar/credentials-context';
import jsonld from 'jsonld';
import { UNTP_DPP_CONTEXT } from '../../lib/credentials/passport-credential';
import { UNTP_DPP_CONTEXT_STAND_IN } from './untp-dpp-context';

/**
 * JSON-LD as a verifier processes it, offline: the W3C VC 2.0 context from
 * @digitalbazaar/credentials-context (W3C's own file), UNTP's DPP context by its stand-in
 * (test/support/untp-dpp-context.ts), the service's own context by `own` (its object, or a fetch
 * of its address from the local stack), and any other remote context an error.
 */
export function documentLoader(own: (url: string) => Promise<unknown> | undefined) {
  return async (url: string) => {
    const document = contexts.get(url) ?? (url === UNTP_DPP_CONTEXT ? UNTP_DPP_CONTEXT_STAND_IN : await own(url));
    if (document === undefined) throw new Error(`the JSON-LD asked for an unknown remote document: ${url}`);
    return { contextUrl: null, documentUrl: url, document };
  };
}

type Loader = ReturnType<typeof documentLoader>;

/**
 * The document as N-Quads, in jsonld.js's safe mode: a term no context defines, a relative IRI
 * (a bare id) or a value that cannot be kept is an error, not a statement silently dropped.
 */
export async function toQuads(document: object, loader: Loader): Promise<string[]> {
  const quads = await jsonld.toRDF(
    document as jsonld.JsonLdDocument,
    {
      documentLoader: loader as never,
      format: 'application/n-quads',
      safe: true,
    } as never,
  );
  return String(quads).trim().split('\n');
}

/** The IRIs a document's statements use as predicates and as `rdf:type` objects: its vocabulary. */
export function vocabularyOf(quads: string[]): Set<string> {
  const iris = new Set<string>();
  for (const quad of quads) {
    const [, predicate, object] = /^\S+ <([^>]+)> (\S+)/.exec(quad) ?? [];
    if (predicate) iris.add(predicate);
    if (predicate === 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type' && object) iris.add(object.slice(1, -1));
  }
  return iris;
}
