import type { KeyObject } from 'node:crypto';
import * as v from 'valibot';
import { issuerDid } from '../links';
import { issuerKeys } from './issuer-key';

export const getDidDocumentInput = v.object({});

/** The media type of a DID document in JSON (W3C DID Core's representation, as did:web serves it). */
export const DID_JSON_TYPE = 'application/did+json';

/** The DID URL of a key of the issuer: what a credential's `kid` names and its verification method's `id`. */
export const verificationMethodId = (did: string, kid: string): string => `${did}#${kid}`;

/** A public key as a JWK (RFC 7517), with its kid and what it signs (every issuer key is ES256: lib/auth/keys.ts). */
const publicJwk = (key: KeyObject, kid: string) => {
  const { x, y } = key.export({ format: 'jwk' });
  return { kty: 'EC' as const, crv: 'P-256' as const, x: x ?? '', y: y ?? '', kid, alg: 'ES256' as const };
};

/**
 * The issuer's DID document (did:web, W3C DID Core): each published key (the current one first,
 * then the previous ones) as a `JsonWebKey` verification method, all of them assertion
 * methods, so a verifier takes a credential's key by its `kid` (a DID URL) and checks the
 * signature with it, whichever key signed it.
 */
export async function getDidDocument() {
  const did = issuerDid();
  const { published } = await issuerKeys();
  const methods = [...published].map(([kid, key]) => ({
    id: verificationMethodId(did, kid),
    type: 'JsonWebKey' as const,
    controller: did,
    publicKeyJwk: publicJwk(key, kid),
  }));
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
}
