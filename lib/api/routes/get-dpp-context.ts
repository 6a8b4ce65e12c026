import * as v from 'valibot';
import { getDppContextMethods } from '../../credentials/context';
import { DPP_CONTEXT_PATH } from '../../links';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid } from '../errors';

export const getDppContextRoute = defineRoute({
  ...getDppContextMethods,
  path: DPP_CONTEXT_PATH,
  fn: 'get-dpp-context',
  auth: 'public',
  access: { links: true },
  // No parameter: an unknown query parameter is a 400 that names it. The handler checks it by
  // hand (functions/get-dpp-context.ts, no valibot in its bundle); this schema is the docs' and the contract tests'.
  input: v.object({ query: v.strictObject({}, 'is not a parameter of this route') }),
  errors: { invalid: 400 },
});

/** A term's definition: an IRI, or an expanded term definition. */
const definition = v.union([v.string(), v.number(), v.boolean(), v.record(v.string(), v.unknown())]);

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getDppContextDocs = /* @__PURE__ */ describeRoute(getDppContextRoute, () => ({
  tag: 'DPP versions',
  summary: 'The JSON-LD context of the service’s own terms, which every version credential names',
  description:
    'Public, no token: the third `@context` of a version’s credential (`GET /dpp/{dppId}/versions/{version}` with ' +
    '`Accept: application/vc+jwt`), after the W3C VC 2.0 and UNTP 0.6.1 DPP contexts. It defines every term of ' +
    'the credential those two do not: UNTP core’s `Link`, `SecureLink`, `Characteristics` and `characteristics` ' +
    '(UNTP’s IRIs), and the passport’s own data (tech cards, files, profile, aspects, tier digests, the ' +
    'notarization and its anchoring transaction) under `<this address>#<term>`. It has no `@vocab`, so a JSON-LD ' +
    'processor drops no term and invents none (docs/choices.md, Verifiable credentials).',
  contentType: 'application/ld+json',
  response: v.strictObject({ '@context': v.record(v.string(), definition) }),
  responseHeaders: {
    'cache-control': '`public, max-age=86400, stale-while-revalidate=604800`: a context changes only with a deploy',
    'access-control-allow-origin': '`*`: any JSON-LD processor, in a page too, may read it',
  },
  errors: { invalid: invalid('A query parameter: this route takes none (`VALIDATION_ERROR` naming it)') },
  example: { status: 200 },
}));
