import * as v from 'valibot';
import { describeResolverMethods } from '../../resolver/describe-resolver';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';

export const describeResolverRoute = defineRoute({
  ...describeResolverMethods,
  path: '/.well-known/gs1resolver',
  fn: 'describe-resolver',
  auth: 'public',
  access: { links: true },
  input: v.object({}),
  errors: {},
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const describeResolverDocs = /* @__PURE__ */ describeRoute(describeResolverRoute, () => ({
  tag: 'Resolver',
  summary: 'Describe the GS1 Digital Link resolver: name, root, primary keys and link types',
  description:
    'The resolver description file of GS1-Conformant Resolver 1.2, valid against GS1’s description-file schema: ' +
    '`resolverRoot` is the public base URL, the only primary key resolved is the GTIN (AI `01`, with its key ' +
    'qualifiers `22`, `10` and `21`), `supportedLinkType` names the namespaces of the link types (the GS1 Web ' +
    'Vocabulary as `gs1:`, IANA’s relations as `iana:`, UNTP’s link types as `untp:`), and `jsonLdContextLocation` the JSON-LD context of the ' +
    'link sets (docs/choices.md, Resolver). Readable by any origin.',
  response: v.strictObject({
    name: v.string(),
    resolverRoot: v.pipe(v.string(), v.url()),
    supportedPrimaryKeys: v.array(v.string()),
    supportedLinkType: v.array(
      v.strictObject({
        namespace: v.pipe(v.string(), v.url()),
        prefix: v.pipe(v.string(), v.regex(/^[a-zA-Z_][\w-]*:$/)),
      }),
    ),
    linkTypeDefaultCanBeLinkset: v.boolean(),
    supportedContextValuesEnumerated: v.array(v.string()),
    jsonLdContextLocation: v.pipe(v.string(), v.url()),
  }),
  errors: {},
  example: { status: 200 },
}));
