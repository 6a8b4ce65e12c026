import { resolverRoot } from '../links';
import { GS1_VOC, LINK_TYPES } from './link-types';

/** The methods of /.well-known/gs1resolver: its row's, and its handler's without importing the row (valibot). */
export const describeResolverMethods = { method: 'GET', alsoAnswers: ['HEAD', 'OPTIONS'] } as const;

/**
 * GET /.well-known/gs1resolver: the resolver description file of GS1-Conformant Resolver 1.2
 * (its name, root, the primary key it resolves, and the link types it answers). No read, and
 * (like GET /health) no Middy: a fixed answer costs what a bare handler costs.
 */
export function describeResolver() {
  return {
    name: 'Digital Product Passport resolver',
    resolverRoot: resolverRoot(),
    supportedPrimaryKeys: ['01'],
    supportedLinkType: LINK_TYPES.map((type) => ({
      namespace: type.startsWith(GS1_VOC) ? GS1_VOC : 'http://www.iana.org/assignments/relation/',
      prefix: type.startsWith(GS1_VOC) ? 'gs1:' : '',
      profile: type.startsWith(GS1_VOC) ? type.slice(GS1_VOC.length) : type,
    })),
    linkTypeDefaultCanBeLinkset: false,
    supportedContextValuesEnumerated: [],
  };
}
