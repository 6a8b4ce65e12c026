import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { localClients } from '../../infra/local/bootstrap';
import { UNTP_CORE, UNTP_DPP } from '../../lib/credentials/untp';
import * as keys from '../../lib/data/keys';
import type { NotarizationItem } from '../../lib/notarizations/model';
import { apiUrl, call, demoData, localEnv } from '../support/api';
import { documentLoader, toQuads, vocabularyOf } from '../support/json-ld';

/**
 * A version as a verifiable credential, checked as an outside verifier would: the issuer's DID
 * document fetched over HTTP from the local stack, the key taken by the credential's `kid`, the
 * JWS verified with jose, and the subject compared with the version's document. On the seed's
 * passport X1: version 1 notarized and anchored (and superseded by version 2), version 2 not.
 */
const clients = localClients(localEnv);
const X1 = demoData.versions[0]!.dpp;
const VC = 'application/vc+jwt';
const did = `did:web:${encodeURIComponent(new URL(apiUrl).host)}`;

interface DidDocument {
  id: string;
  verificationMethod: Array<{ id: string; type: string; controller: string; publicKeyJwk: JWK }>;
  assertionMethod: string[];
}

/** Verifies a credential as anyone can: its issuer's DID document over HTTP, its key by `kid`. */
async function verify(jwt: string) {
  const { kid } = decodeProtectedHeader(jwt);
  const didDocument = (await call<DidDocument>('GET', '/.well-known/did.json')).body;
  expect(didDocument.assertionMethod).toContain(kid);
  const method = didDocument.verificationMethod.find((m) => m.id === kid);
  expect(method).toMatchObject({ type: 'JsonWebKey', controller: did });
  const key = await importJWK(method!.publicKeyJwk, 'ES256');
  return jwtVerify(jwt, key, { typ: 'vc+jwt', algorithms: ['ES256'] });
}

const credentialOf = (version: number) =>
  call<string>('GET', `/dpp/${X1}/versions/${version}`, { headers: { accept: VC } });

const CONTEXT_URL = `${apiUrl}/ns/dpp/v1`;

/** JSON-LD as a verifier reads it: the service's own context fetched from the stack, same origin as the credential. */
const overHttp = documentLoader(async (url) => {
  if (url !== CONTEXT_URL) return undefined;
  const reply = await fetch(url, { headers: { accept: 'application/ld+json' } });
  expect(reply.headers.get('content-type')).toBe('application/ld+json');
  return reply.json();
});

/** The vocabulary a credential expands to (no term dropped: safe mode), each IRI under a namespace it belongs to. */
async function expectExpandsFully(credential: object) {
  const vocabulary = vocabularyOf(await toQuads(credential, overHttp));
  const namespaces = [
    'https://www.w3.org/2018/credentials#',
    'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
    'https://schema.org/',
    UNTP_CORE,
    UNTP_DPP,
    `${CONTEXT_URL}#`,
  ];
  for (const iri of vocabulary)
    expect(
      namespaces.some((ns) => iri.startsWith(ns)),
      iri,
    ).toBe(true);
  return vocabulary;
}

describe('GET /.well-known/did.json', () => {
  it('publishes the did:web of the public host with its issuer keys as JsonWebKey assertion methods', async () => {
    const reply = await call<DidDocument>('GET', '/.well-known/did.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/did+json');
    expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
    expect(reply.body.id).toBe(did);
    expect(reply.body.verificationMethod.length).toBeGreaterThan(0);
    expect(reply.body.assertionMethod).toEqual(reply.body.verificationMethod.map((m) => m.id));
    for (const method of reply.body.verificationMethod) {
      expect(method.id).toBe(`${did}#${method.publicKeyJwk.kid}`);
      expect(method.publicKeyJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
      expect(method.publicKeyJwk).not.toHaveProperty('d');
    }
  });
});

describe('GET /dpp/{dppId}/versions/{version} with Accept: application/vc+jwt', () => {
  it('answers the anchored version as a credential that verifies from the DID document, its subject the version document', async () => {
    const reply = await credentialOf(1);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(VC);
    expect(reply.headers.get('vary')).toBe('Accept, x-dpp-access');
    expect(reply.headers.get('cache-control')).toBe('public, max-age=86400');
    const { payload, protectedHeader } = await verify(reply.body);
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'vc+jwt', cty: 'vc' });

    const stored = await fetch(`${apiUrl}/dpp/${X1}/versions/1`);
    const bytes = Buffer.from(await stored.arrayBuffer());
    const { Item } = await clients.doc.send(
      new GetCommand({ TableName: localEnv.TABLE_NAME, Key: keys.notarization(X1, 1) }),
    );
    const notarization = Item as NotarizationItem;
    expect(notarization.status).toBe('ANCHORED');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const document = JSON.parse(bytes.toString('utf8'));
    expect(payload).toMatchObject({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://test.uncefact.org/vocabulary/untp/dpp/0.6.1/',
        CONTEXT_URL,
      ],
      type: ['DigitalProductPassport', 'VerifiableCredential'],
      issuer: { type: ['CredentialIssuer'], id: did, name: 'Digital Product Passport service' },
      id: `${apiUrl}/dpp/${X1}/versions/1`,
      validFrom: document.created_at,
      credentialSubject: {
        type: ['ProductPassport'],
        id: `${apiUrl}/dpp/${X1}`,
        granularityLevel: 'item',
        product: {
          type: ['Product'],
          id: `${apiUrl}/${document.dpp.search_id}`,
          name: document.dpp.name,
          registeredId: document.dpp.search_id.split('/')[1],
          serialNumber: document.dpp.search_id.split('/')[3],
          characteristics: { type: ['Characteristics'], passportVersion: 1 },
        },
      },
      evidence: [
        {
          type: ['SecureLink', 'Link'],
          linkURL: `${apiUrl}/dpp/${X1}/versions/1`,
          hashDigest: hash,
          hashMethod: 'SHA-256',
        },
        {
          type: ['Notarization'],
          reportHash: notarization.report_hash,
          signer: notarization.submitter,
          anchor: {
            transactionHash: notarization.transaction_hash,
            blockHash: notarization.block_hash,
            blockNumber: notarization.block_number,
          },
        },
      ],
    });
    // The version's cards, as the document froze them, are the product's characteristics.
    const { characteristics } = (
      payload.credentialSubject as { product: { characteristics: { techCards: unknown[] } } }
    ).product;
    expect(characteristics.techCards).toHaveLength(document.cards.length);
    const vocabulary = await expectExpandsFully(payload);
    expect(vocabulary).toContain(`${UNTP_CORE}hashDigest`);
    expect(vocabulary).toContain(`${CONTEXT_URL}#transactionHash`);
  });

  it('answers a version not yet anchored without an anchor, cached briefly since its anchor may come', async () => {
    const reply = await credentialOf(2);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    const { payload } = await verify(reply.body);
    expect(payload.credentialSubject).toMatchObject({ product: { characteristics: { passportVersion: 2 } } });
    // Its document's hash alone: no notarization, no anchor.
    expect(payload.evidence).toEqual([expect.objectContaining({ type: ['SecureLink', 'Link'] })]);
    await expectExpandsFully(payload);
  });

  it('keeps the JSON document, immutable, for any other Accept', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, application/vc+jwt;q=0.5']) {
      const reply = await call('GET', `/dpp/${X1}/versions/1`, accept ? { headers: { accept } } : {});
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/json');
      expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(reply.headers.get('vary')).toBe('Accept, x-dpp-access');
      expect(reply.body).toMatchObject({ dpp_id: X1, version: 1 });
    }
  });

  it('answers 404 for a version that does not exist, as the document does', async () => {
    const reply = await call('GET', `/dpp/${X1}/versions/999`, { headers: { accept: VC } });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: 'VERSION_NOT_FOUND' });
  });
});

describe('GET /ns/dpp/v1', () => {
  it('serves the service’s JSON-LD context to any origin as application/ld+json, its terms under its own address', async () => {
    const reply = await call('GET', '/ns/dpp/v1', { headers: { origin: 'https://elsewhere.example' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/ld+json');
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(reply.body['@context'].dpp).toBe(`${CONTEXT_URL}#`);
    expect(reply.body['@context'].Notarization).toBe('dpp:Notarization');
    expect(reply.body['@context'].SecureLink['@id']).toBe(`${UNTP_CORE}SecureLink`);
  });

  it('refuses a query parameter with a 400 naming it', async () => {
    const reply = await call('GET', '/ns/dpp/v1?x=1');
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([{ path: 'x', message: 'is not a parameter of this route' }]);
  });

  it('answers HEAD without the body and OPTIONS with CORS for any origin', async () => {
    const head = await fetch(CONTEXT_URL, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/ld+json');
    expect(await head.text()).toBe('');
    const options = await fetch(CONTEXT_URL, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-origin')).toBe('*');
  });
});
