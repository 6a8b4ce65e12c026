import { generateKeyPairSync, sign } from 'node:crypto';

/**
 * A UNTP DigitalConformityCredential as an assessor issues one (vc+jwt, ES256 with a throwaway key):
 * one assessment per criterion, of `productId`, topic and conformance as given. What
 * PUT /dpps/{dppId}/conformity-claims takes as a claim's evidence.
 */
export const CRITERION = {
  id: 'https://www.globalbattery.org/media/publications/gba-rulebook-v2.0-master.pdf#BatteryAssembly',
  name: 'GBA Battery rule book v2.0 battery assembly guidelines',
};
export const ASSESSOR = { id: 'did:web:certifier.example', name: 'Example Certifier' };

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function conformityCredential(
  productId: string,
  {
    topic = 'environment.emissions',
    conformance = true,
    criteria = [CRITERION],
    type = ['DigitalConformityCredential', 'VerifiableCredential'],
    header = { alg: 'ES256', typ: 'vc+jwt' } as Record<string, unknown>,
    /** Characters of description the attestation gets: a credential of about that size. */
    padding = 0,
  } = {},
): string {
  const payload = {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://test.uncefact.org/vocabulary/untp/dcc/0.6.1/'],
    type,
    id: 'https://certifier.example/credentials/1',
    issuer: { type: ['CredentialIssuer'], ...ASSESSOR },
    validFrom: '2026-01-01T00:00:00Z',
    credentialSubject: {
      type: ['ConformityAttestation', 'Attestation'],
      id: 'https://certifier.example/attestations/1',
      name: 'Assembly assessment',
      ...(padding > 0 && { description: 'x'.repeat(padding) }),
      assessment: criteria.map((criterion, n) => ({
        type: ['ConformityAssessment', 'Declaration'],
        id: `https://certifier.example/assessments/${n + 1}`,
        assessedProduct: [{ product: { id: productId, name: 'The product' }, IDverifiedByCAB: true }],
        assessmentCriteria: [{ type: ['Criterion'], ...criterion }],
        conformityTopic: topic,
        conformance,
      })),
    },
  };
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

/** A claim as the company states it, with `credential` as its evidence. */
export const claimOf = (credential: string, more: Record<string, unknown> = {}) => ({
  topic: 'environment.emissions',
  conformance: true,
  criteria: [CRITERION],
  evidence: { credential },
  ...more,
});
