import { resolverRoot } from '../links';
import { GS1_VOC, IANA_RELATIONS, LINKSET_CONTEXT, UNTP_LINK_TYPES } from './link-types';

/** The methods of /.well-known/gs1resolver: its row's, and its handler's without importing the row (valibot). */
export const describeResolverMethods = { method: 'GET', alsoAnswers: ['HEAD', 'OPTIONS'] } as const;

/**
 * GET /.well-known/gs1resolver: the resolver description file of GS1-Conformant Resolver 1.2
 * (its name, root, the primary key it resolves, the namespaces of the link types it answers,
 * each with its CURIE prefix, and the JSON-LD context of its link sets), valid against GS1's
 * description-file schema. No read, and (like GET /health) no Middy: a fixed answer costs what
 * a bare handler costs.
 */
export function describeResolver() {
  return {
    name: 'Digital Product Passport resolver',
    resolverRoot: resolverRoot(),
    supportedPrimaryKeys: ['01'],
    supportedLinkType: [
      { namespace: GS1_VOC, prefix: 'gs1:' },
      { namespace: IANA_RELATIONS, prefix: 'iana:' },
      { namespace: UNTP_LINK_TYPES, prefix: 'untp:' },
    ],
    linkTypeDefaultCanBeLinkset: false,
    supportedContextValuesEnumerated: [],
    jsonLdContextLocation: LINKSET_CONTEXT,
  };
}
