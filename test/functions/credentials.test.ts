import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { localClients } from '../../infra/local/bootstrap';
import * as keys from '../../lib/data/keys';
import type { NotarizationItem } from '../../lib/notarizations/model';
import { apiUrl, call, demoData, localEnv } from '../support/api';

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

describe('GET /.well-known/did.json', () => {
  it('publishes the did:web of the public host with its issuer keys as JsonWebKey assertion methods', async () => {
    const reply = await call<DidDocument>('GET', '/.well-known/did.json');
    expect(reply.status).toBe(200);
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

    const document = await fetch(`${apiUrl}/dpp/${X1}/versions/1`);
    const bytes = Buffer.from(await document.arrayBuffer());
    const { Item } = await clients.doc.send(
      new GetCommand({ TableName: localEnv.TABLE_NAME, Key: keys.notarization(X1, 1) }),
    );
    const notarization = Item as NotarizationItem;
    expect(notarization.status).toBe('ANCHORED');
    expect(payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://test.uncefact.org/vocabulary/untp/dpp/0.6.0/'],
      type: ['VerifiableCredential', 'DigitalProductPassport'],
      issuer: did,
      id: `${apiUrl}/dpp/${X1}/versions/1`,
      credentialSubject: {
        id: `${apiUrl}/dpp/${X1}/versions/1`,
        version: 1,
        content_hash: createHash('sha256').update(bytes).digest('hex'),
        notarization: { report_hash: notarization.report_hash, submitter: notarization.submitter },
        anchor: {
          transaction_hash: notarization.transaction_hash,
          block_hash: notarization.block_hash,
          block_number: notarization.block_number,
        },
      },
    });
    const subject = payload.credentialSubject as { document: { created_at: string } };
    expect(subject.document).toEqual(JSON.parse(bytes.toString('utf8')));
    expect(payload.validFrom).toBe(subject.document.created_at);
  });

  it('answers a version not yet anchored without an anchor, cached briefly since its anchor may come', async () => {
    const reply = await credentialOf(2);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    const { payload } = await verify(reply.body);
    expect(payload.credentialSubject).toMatchObject({ version: 2 });
    expect(payload.credentialSubject).not.toHaveProperty('anchor');
    expect(payload.credentialSubject).not.toHaveProperty('notarization');
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
