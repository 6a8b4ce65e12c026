import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DCC_LINK_TYPE } from '../../lib/credentials/passport-credential';
import { UNTP_CORE } from '../../lib/credentials/untp';
import { apiUrl, call, demo, json, putTestDpp, tokenFor } from '../support/api';
import { ASSESSOR, CRITERION, claimOf, conformityCredential } from '../support/conformity';
import { documentLoader, toQuads, vocabularyOf } from '../support/json-ld';

/**
 * PUT and GET /dpps/{dppId}/conformity-claims over HTTP on the local stack: a company states
 * claims with its assessor's conformity credential; the service checks the credential assesses
 * this product, refuses what does not hold with a 400 naming the field, and freezes the claims in
 * the versions taken afterwards, whose credentials state them as UNTP conformity claims.
 */
const serial = randomUUID().slice(0, 8);
const dpp = await putTestDpp('claims', {
  company_id: demo.acme.company.id,
  model_id: demo.acme.dpp.model_id,
  search_id: `01/08012345678901/21/${serial}`,
});
/** The product's id in the passport's credential: its GS1 Digital Link URI on the public base. */
const PRODUCT = `${apiUrl}/01/08012345678901/21/${serial}`;
const path = `/dpps/${dpp.id}/conformity-claims`;
const acme = await tokenFor('acme');
const put = (body: unknown, token = acme) => call('PUT', path, { token, ...json(body) });
const get = (token = acme) => call('GET', path, { token });
const credential = conformityCredential(PRODUCT);

const createVersion = (token = acme) =>
  call('POST', `/version/${dpp.id}/create`, { token, ...json({ dppId: dpp.id, versionId: `v-${randomUUID()}` }) });
const versionDocument = (version: number) => call('GET', `/dpp/${dpp.id}/versions/${version}`);
async function versionCredential(version: number) {
  const reply = await call<string>('GET', `/dpp/${dpp.id}/versions/${version}`, {
    headers: { accept: 'application/vc+jwt' },
  });
  expect(reply.status).toBe(200);
  return JSON.parse(Buffer.from(String(reply.body).split('.')[1]!, 'base64url').toString('utf8'));
}

describe('PUT /dpps/{dppId}/conformity-claims', () => {
  it('keeps versions taken before unchanged, and states the claims in the document and credential of versions taken after', async () => {
    expect((await createVersion()).status).toBe(200);
    const before = await versionDocument(1);
    expect(before.body).not.toHaveProperty('conformity_claims');
    expect(await versionCredential(1)).not.toHaveProperty(['credentialSubject', 'conformityClaim']);

    const stored = await put({ claims: [claimOf(credential)] });
    expect(stored.status).toBe(200);
    expect((await createVersion()).status).toBe(200);

    // Version 1 says what it said: same bytes, same hash.
    const again = await versionDocument(1);
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(before.body));
    expect(again.headers.get('etag')).toBe(before.headers.get('etag'));
    // Version 2 froze the claims, and its credential states them as UNTP conformity claims.
    expect((await versionDocument(2)).body.conformity_claims).toEqual(stored.body.claims);
    const vc = await versionCredential(2);
    const [claim] = stored.body.claims;
    expect(vc.credentialSubject.conformityClaim).toEqual([
      {
        type: ['Claim', 'Declaration'],
        id: claim.id,
        conformityTopic: 'environment.emissions',
        conformance: true,
        assessmentCriteria: [
          {
            type: ['Criterion'],
            ...CRITERION,
            description: CRITERION.name,
            conformityTopic: 'environment.emissions',
            status: 'active',
          },
        ],
        conformityEvidence: {
          type: ['SecureLink', 'Link'],
          linkURL: `data:application/vc+jwt,${credential}`,
          linkName: `Conformity credential of ${ASSESSOR.name}`,
          linkType: DCC_LINK_TYPE,
          hashDigest: claim.evidence.hash,
          hashMethod: 'SHA-256',
        },
      },
    ]);
    expect(vc.credentialSubject.product.id).toBe(PRODUCT);
    // As JSON-LD with the service's context from the stack: the claim's terms are all UNTP's, none dropped.
    const loader = documentLoader(async (url) =>
      url === `${apiUrl}/ns/dpp/v1` ? (await fetch(url)).json() : undefined,
    );
    const vocabulary = vocabularyOf(await toQuads(vc, loader));
    for (const term of ['conformityClaim', 'conformityTopic', 'assessmentCriteria', 'conformityEvidence'])
      expect(vocabulary).toContain(`${UNTP_CORE}${term}`);
  });

  it('stores the claims with an id, the assessor and the credential’s hash, and GET reads them back', async () => {
    const reply = await put({
      claims: [claimOf(credential, { evidence: { credential, url: 'https://certifier.example/c/1' } })],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.claims).toEqual([
      {
        id: expect.stringMatching(/^urn:uuid:[0-9a-f-]{36}$/),
        topic: 'environment.emissions',
        conformance: true,
        criteria: [CRITERION],
        evidence: {
          credential,
          url: 'https://certifier.example/c/1',
          hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          issuer: ASSESSOR.id,
          issuer_name: ASSESSOR.name,
        },
      },
    ]);
    expect((await get()).body).toEqual({ dpp_id: dpp.id, claims: reply.body.claims });
  });

  it('refuses a bad body with a 400 naming the field, and changes nothing', async () => {
    const stored = (await get()).body;
    const cases: Array<[unknown, string, string]> = [
      [{ claims: [claimOf(credential, { extra: 1 })] }, 'VALIDATION_ERROR', 'claims.0.extra'],
      [{ claims: [claimOf(credential, { topic: 'environment.noise' })] }, 'VALIDATION_ERROR', 'claims.0.topic'],
      [{ claims: [claimOf(credential, { criteria: [] })] }, 'VALIDATION_ERROR', 'claims.0.criteria'],
      [{ claims: [claimOf('not-a-jws')] }, 'VALIDATION_ERROR', 'claims.0.evidence.credential'],
      [{ claims: [], more: true }, 'VALIDATION_ERROR', 'more'],
      [
        { claims: [claimOf(conformityCredential(`${apiUrl}/01/08012345678901/21/other`))] },
        'INVALID_EVIDENCE',
        'claims.0.evidence.credential',
      ],
      [
        { claims: [claimOf(credential, { criteria: [{ id: 'https://criteria.example/x', name: 'X' }] })] },
        'INVALID_EVIDENCE',
        'claims.0.criteria.0.id',
      ],
    ];
    for (const [body, code, field] of cases) {
      const reply = await put(body);
      expect([reply.status, reply.body.code], JSON.stringify(body).slice(0, 80)).toEqual([400, code]);
      expect(reply.body.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    expect((await get()).body).toEqual(stored);
  });

  it('refuses claims beyond 64 KiB as stored with a 413, and any on a ceased passport with a 409, changing nothing', async () => {
    const stored = (await get()).body;
    const large = conformityCredential(PRODUCT, { padding: 6000 });
    const tooLarge = await put({ claims: Array.from({ length: 10 }, () => claimOf(large)) });
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect((await get()).body).toEqual(stored);
    const ceased = await putTestDpp('claims-ceased', {
      company_id: demo.acme.company.id,
      model_id: demo.acme.dpp.model_id,
      ceased_at: new Date().toISOString(),
    });
    const refused = await call('PUT', `/dpps/${ceased.id}/conformity-claims`, { token: acme, ...json({ claims: [] }) });
    expect([refused.status, refused.body.code]).toEqual([409, 'DPP_CEASED']);
  });

  it('answers another company like an unknown DPP, and changes nothing', async () => {
    const stored = (await get()).body;
    const globex = await tokenFor('globex');
    expect((await put({ claims: [] }, globex)).status).toBe(404);
    expect((await get(globex)).status).toBe(404);
    expect((await call('GET', '/dpps/claims-unknown/conformity-claims', { token: globex })).status).toBe(404);
    expect((await get()).body).toEqual(stored);
    // An empty list removes them.
    expect((await put({ claims: [] })).body.claims).toEqual([]);
    expect((await get()).body.claims).toEqual([]);
  });
});
