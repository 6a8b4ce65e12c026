import { sign } from 'node:crypto';
import { compactVerify, importJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { getDidDocument } from '../../../lib/credentials/did-document';
import { issuerKeys } from '../../../lib/credentials/issuer-key';

/** The DID document from the unit settings: PUBLIC_BASE_URL https://dpp.unit, VC_ISSUER_KEY a fresh key. */
describe('getDidDocument', () => {
  it('names the did:web of the public host and lists the issuer key as a JsonWebKey assertion method', async () => {
    const document = await getDidDocument();
    const { current } = await issuerKeys();
    const id = `did:web:dpp.unit#${current.kid}`;
    expect(document).toMatchObject({
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
      id: 'did:web:dpp.unit',
      verificationMethod: [{ id, type: 'JsonWebKey', controller: 'did:web:dpp.unit' }],
      assertionMethod: [id],
    });
    expect(document.verificationMethod[0]?.publicKeyJwk).not.toHaveProperty('d');
  });

  it('publishes the key that verifies what the issuer key signs', async () => {
    const { current } = await issuerKeys();
    const [method] = (await getDidDocument()).verificationMethod;
    const input = `${Buffer.from('{"alg":"ES256"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}`;
    const signature = sign('sha256', Buffer.from(input), { key: current.key, dsaEncoding: 'ieee-p1363' });
    const key = await importJWK(method!.publicKeyJwk, 'ES256');
    await expect(compactVerify(`${input}.${signature.toString('base64url')}`, key)).resolves.toBeDefined();
  });
});
