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
    'The resolver description file of GS1-Conformant Resolver 1.2: `resolverRoot` is the public base URL, the ' +
    'only primary key resolved is the GTIN (AI `01`, with the serial AI `21` as a qualifier), and ' +
    '`supportedLinkType` lists the link types a passport has (docs/choices.md, Resolver).',
  response: v.strictObject({
    name: v.string(),
    resolverRoot: v.pipe(v.string(), v.url()),
    supportedPrimaryKeys: v.array(v.string()),
    supportedLinkType: v.array(v.strictObject({ namespace: v.string(), prefix: v.string(), profile: v.string() })),
    linkTypeDefaultCanBeLinkset: v.boolean(),
    supportedContextValuesEnumerated: v.array(v.string()),
  }),
  errors: {},
  example: { status: 200 },
}));
