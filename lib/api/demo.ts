/**
 * Ids of the demo data (infra/local/demo-data.json) that route examples name: Acme's
 * sample-event template and passport, records of their own, so the passports a newcomer
 * opens first (docs/walkthrough.md, the `npm start` banner) stay as seeded whatever the examples change.
 * Only the rows' docs read them (lib/api/docs.ts), never a function; test/infra/demo-data.test.ts
 * checks each is seeded.
 */

/** Acme Bikes, the company every example runs as. */
export const ACME = '01a19656-4a80-7000-8000-000000000000';
/** Acme's admin's wallet (test-mnemonic account 0) and the admin. */
export const ADMIN_WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const ADMIN_USER = '01a19656-4a81-7000-8000-000000000001';
/** Acme's repairer, a non-official operator. */
export const OPERATOR = '01a19656-4ab4-7000-8000-000000000052';
/** Volta Cells' battery pack: a DPP of Acme's partner company (related DPPs). */
export const PARTNER_DPP = '01a19656-4aae-7000-8000-000000000046';
/** "Sample-event template" and its files: one read, one renamed, one deleted by the examples. */
export const TEMPLATE = '01a19656-4a86-7000-8000-000000000006';
export const TEMPLATE_FILE = {
  read: '01a19656-4a88-7000-8000-000000000008',
  renamed: '01a19656-4a89-7000-8000-000000000009',
  deleted: '01a19656-4a8a-7000-8000-000000000010',
} as const;
/** "Sample-event passport" (of the template's model) and its files, likewise. */
export const MODEL = '01a19656-4a87-7000-8000-000000000007';
export const DPP = '01a19656-4a99-7000-8000-000000000025';
export const DPP_FILE = {
  read: '01a19656-4a9b-7000-8000-000000000027',
  renamed: '01a19656-4a9c-7000-8000-000000000028',
  deleted: '01a19656-4a9d-7000-8000-000000000029',
} as const;
/** The passport's image and tech card: the examples change and then delete the card, and delete the image. */
export const DPP_IMAGE = '01a19656-4a9a-7000-8000-000000000026';
export const DPP_CARD = '01a19656-4a9e-7000-8000-000000000030';
/** Volta's EV battery passport: published, complete, its aspects from the battery profile's EV example (docs/profiles.md). */
export const BATTERY_DPP = '01a19656-4aba-7000-8000-000000000058';
/** Its first aspect: the one the public aspect route's example reads. */
export const BATTERY_ASPECT = 'GeneralProductInformation';
/** Acme's sample-event battery passport (status waste): the aspect routes' examples' target (they keep it complete), then the successor's, the cease's and the deletion's. */
export const SAMPLE_BATTERY_DPP = '01a19656-4abc-7000-8000-000000000060';

/**
 * A conformity credential as PUT /dpps/{dppId}/conformity-claims takes one (a compact JWS of a UNTP
 * DigitalConformityCredential): an assessor's, of a product that is not the sample passport's, with a
 * placeholder signature. The example shows the body's shape and its refusal (INVALID_EVIDENCE).
 */
export function sampleConformityCredential(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const credential = {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://test.uncefact.org/vocabulary/untp/dcc/0.6.1/'],
    type: ['DigitalConformityCredential', 'VerifiableCredential'],
    issuer: { type: ['CredentialIssuer'], id: 'did:web:certifier.example', name: 'Example Certifier' },
    credentialSubject: {
      type: ['ConformityAttestation', 'Attestation'],
      assessment: [
        {
          type: ['ConformityAssessment', 'Declaration'],
          assessedProduct: [{ product: { id: 'https://id.gs1.org/01/09520123456788/21/12345', name: 'EV battery' } }],
          assessmentCriteria: [
            {
              id: 'https://www.globalbattery.org/media/publications/gba-rulebook-v2.0-master.pdf#BatteryAssembly',
              name: 'GBA Battery rule book v2.0 battery assembly guidelines',
            },
          ],
          conformityTopic: 'environment.emissions',
          conformance: true,
        },
      ],
    },
  };
  return `${part({ alg: 'ES256', typ: 'vc+jwt' })}.${part(credential)}.c2lnbmF0dXJl`;
}
