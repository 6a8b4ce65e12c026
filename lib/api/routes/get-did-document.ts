import * as v from 'valibot';
import { getDidDocumentInput } from '../../credentials/did-document';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { takesNothing, unavailable } from '../errors';

export const getDidDocumentRoute = defineRoute({
  method: 'GET',
  path: '/.well-known/did.json',
  fn: 'get-did-document',
  auth: 'public',
  access: { issuerKey: true, links: true },
  input: getDidDocumentInput,
  errors: { invalid: 400, ...unavailable },
});

const jwk = v.strictObject({
  kty: v.literal('EC'),
  crv: v.literal('P-256'),
  x: v.string(),
  y: v.string(),
  kid: v.string(),
  alg: v.literal('ES256'),
});

const verificationMethod = v.strictObject({
  id: v.string(),
  type: v.literal('JsonWebKey'),
  controller: v.string(),
  publicKeyJwk: jwk,
});

export const didDocument = v.strictObject({
  '@context': v.array(v.string()),
  id: v.string(),
  verificationMethod: v.array(verificationMethod),
  assertionMethod: v.array(v.string()),
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getDidDocumentDocs = /* @__PURE__ */ describeRoute(getDidDocumentRoute, () => ({
  tag: 'DPP versions',
  summary: 'The DID document of the service’s `did:web` identity, the issuer of its verifiable credentials',
  description:
    'Public: where a `did:web` resolver looks up the service’s DID (`did:web:` and the public base URL’s host, a ' +
    'port written `%3A`). It lists the issuer’s ES256 public keys as `JsonWebKey` verification methods, the ' +
    'current key first and, after a rotation, the previous ones, all of them `assertionMethod`s: a version’s ' +
    'credential (`GET /dpp/{dppId}/versions/{version}` with `Accept: application/vc+jwt`) names its key by the ' +
    'method’s `id` in its `kid`. Served as `application/did+json`, the DID document’s own media type.',
  contentType: 'application/did+json',
  response: didDocument,
  responseHeaders: {
    'cache-control': '`public, max-age=300`: a rotated key appears within five minutes',
  },
  errors: { invalid: takesNothing },
  example: { status: 200 },
}));
