import type { RouteFn } from '../../lib/api/routes';

/**
 * One sample request per route, against fixed ids of infra/local/demo-data.json: Acme's
 * sample-event template and passport, records of their own, so the passports a newcomer
 * opens first (README, the `npm start` banner) stay as seeded whatever the samples change.
 * `npm run events` writes them to events/<fn>.json (API Gateway v2 events, for
 * `sam local invoke` and `npm run invoke`); test/events checks each file is current and
 * answers `status` against freshly seeded data.
 */
export interface Sample {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  multipart?: { fields: Record<string, string>; file?: { name: string; fixture: string } };
  /** A JSON body (sent with `content-type: application/json`). */
  json?: Record<string, unknown>;
  status: number;
  /**
   * The status with the use case stubbed (`npm run bench`, overhead), when the sample's own
   * status comes from the use case rather than from the handler stack (auth, body, validation).
   */
  stubbedStatus?: number;
}

/** Stands for a fresh demo token; `npm run invoke` replaces it (see README for SAM). */
export const TOKEN_PLACEHOLDER = 'DEMO_TOKEN';

const ACME = '01a19656-4a80-7000-8000-000000000000';
const ADMIN_WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ADMIN_USER = '01a19656-4a81-7000-8000-000000000001';
/** Acme's repairer, a non-official operator. */
const OPERATOR = '01a19656-4ab4-7000-8000-000000000052';
/** Volta Cells' battery pack: a DPP of Acme's partner company (related DPPs). */
const PARTNER_DPP = '01a19656-4aae-7000-8000-000000000046';
/** "Sample-event template" and its files: one read, one renamed, one deleted by the samples. */
const TEMPLATE = '01a19656-4a86-7000-8000-000000000006';
const TEMPLATE_FILE = {
  read: '01a19656-4a88-7000-8000-000000000008',
  renamed: '01a19656-4a89-7000-8000-000000000009',
  deleted: '01a19656-4a8a-7000-8000-000000000010',
};
/** "Sample-event passport" (of the template's model) and its files, likewise. */
const MODEL = '01a19656-4a87-7000-8000-000000000007';
const DPP = '01a19656-4a99-7000-8000-000000000025';
const DPP_FILE = {
  read: '01a19656-4a9b-7000-8000-000000000027',
  renamed: '01a19656-4a9c-7000-8000-000000000028',
  deleted: '01a19656-4a9d-7000-8000-000000000029',
};
/** The passport's image and tech card: the samples change and then delete the card, and delete the image. */
const DPP_IMAGE = '01a19656-4a9a-7000-8000-000000000026';
const DPP_CARD = '01a19656-4a9e-7000-8000-000000000030';

export const samples: Record<RouteFn, Sample> = {
  'generate-jwt': { path: `/generateJWT/demo-acme-api-key/${ADMIN_WALLET}`, status: 200 },
  'get-dpp': { path: `/dpp/${DPP}`, headers: { language: 'it' }, status: 200 },
  // A new passport of the template's model under Acme (KYB VERIFIED by the seed); each run creates another.
  'create-dpp': {
    path: '/dpps',
    json: {
      name: 'Sample-event e-bike',
      description: 'Created by the create-dpp sample',
      type: 'e-bike',
      code: '08012345000098',
      model_id: MODEL,
      template_id: TEMPLATE,
      language: 'en',
    },
    status: 200,
  },
  'list-dpps': { path: '/dpps', status: 200 },
  'get-company-dpp': { path: `/dpps/${DPP}`, status: 200 },
  'update-dpp': {
    path: `/dpps/${DPP}`,
    json: { description: 'The passport the sample events read and change (rev. 2)', type: 'sample-passport' },
    status: 200,
  },
  // A new template of the sample passport's model; each run creates another.
  'create-template': {
    path: '/templates',
    json: { name: 'Sample-event template (copy)', model_id: MODEL },
    status: 200,
  },
  'list-templates': { path: '/templates', status: 200 },
  'update-template': { path: `/templates/${TEMPLATE}`, json: { name: 'Sample-event template (rev. 2)' }, status: 200 },
  'create-template-file': {
    path: '/create-template-file',
    multipart: {
      fields: {
        template_id: TEMPLATE,
        company_id: ACME,
        modelId: MODEL,
        name: 'Assembly guide',
        description: 'How to assemble the bike',
      },
      file: { name: 'assembly-guide.pdf', fixture: 'sample.pdf' },
    },
    status: 200,
  },
  'list-template-files': { path: `/view-template-files/${TEMPLATE}`, status: 200 },
  'get-template-file': { path: `/view-template-file/${TEMPLATE}/file/${TEMPLATE_FILE.read}`, status: 200 },
  'update-template-file': {
    path: `/update-template-file/${TEMPLATE}/file/${TEMPLATE_FILE.renamed}`,
    multipart: { fields: { company_id: ACME, name: 'Sample sheet (rev. 2)', description: 'Second revision' } },
    status: 200,
  },
  'delete-template-file': { path: `/delete-template-file/${TEMPLATE}/file/${TEMPLATE_FILE.deleted}`, status: 200 },
  'create-dpp-file': {
    path: `/models/${MODEL}/dpps/${DPP}/upload-file`,
    multipart: {
      fields: { name: 'Declaration of conformity', description: 'EU declaration of conformity' },
      file: { name: 'declaration.pdf', fixture: 'sample.pdf' },
    },
    status: 200,
  },
  'list-dpp-files': { path: `/view-dpp-files/${DPP}`, status: 200 },
  'get-dpp-file': { path: `/models/${MODEL}/view-dpp-file/${DPP}/file/${DPP_FILE.read}`, status: 200 },
  'update-dpp-file': {
    path: `/models/${MODEL}/update-dpp-file/${DPP}/file/${DPP_FILE.renamed}`,
    multipart: { fields: { company_id: ACME, name: 'Spare parts list (rev. 2)', description: 'Second revision' } },
    status: 200,
  },
  'delete-dpp-file': { path: `/models/${MODEL}/delete-dpp-file/${DPP}/file/${DPP_FILE.deleted}`, status: 200 },
  'create-dpp-card': {
    path: `/dpps/${DPP}/cards`,
    json: {
      name: 'Brakes',
      description: 'Hydraulic disc brakes',
      characteristics: [{ characteristic: 'Rotor: 180 mm' }, { characteristic: 'Fluid: mineral oil' }],
    },
    status: 200,
  },
  // The passport's seeded card: changed here, deleted by the next sample (a second run of either is 404).
  'update-dpp-card': {
    path: `/dpps/${DPP}/cards/${DPP_CARD}`,
    json: { description: 'Second revision', characteristics: [{ characteristic: 'Revised: yes' }] },
    status: 200,
  },
  'delete-dpp-card': { path: `/dpps/${DPP}/cards/${DPP_CARD}`, status: 200 },
  'create-dpp-image': {
    path: `/dpps/${DPP}/images`,
    multipart: { fields: {}, file: { name: 'photo.png', fixture: 'sample.png' } },
    status: 200,
  },
  'delete-dpp-image': { path: `/dpps/${DPP}/images/${DPP_IMAGE}`, status: 200 },
  // German texts of the passport and of its file the samples only read (the passport's source language is en).
  'put-dpp-translation': {
    path: `/dpps/${DPP}/translations/de`,
    json: {
      name: 'Pass der Beispielereignisse',
      description: 'Der Pass, den die Beispielereignisse lesen und ändern',
      files: {
        [DPP_FILE.read]: { name: 'Montageanleitung', description: 'Vom Beispielereignis get-dpp-file gelesen' },
      },
    },
    status: 200,
  },
  'list-dpp-versions': { path: `/view-dpp-versions/${DPP}`, status: 200 },
  // Version 2 of the passport (the seed made version 1, `sample-event-v1`); a second run with this versionId is 409.
  'create-dpp-version': {
    path: `/version/${DPP}/create`,
    json: { dppId: DPP, versionId: 'sample-event-version' },
    status: 200,
  },
  // Public: the canonical document of the passport's version 1, which the seed creates (demo-data.json, versions).
  'get-dpp-version-document': { path: `/dpp/${DPP}/versions/1`, status: 200 },
  // Notarizes the passport's latest version not yet notarized (the one the sample above creates when the events
  // test runs the samples in route order; the seeded version 1 when run alone) with sample.pdf as the report: `hash` is its SHA-256, `signature` the
  // admin wallet's (test-mnemonic account 0) EIP-191 signature of the hash's 32 bytes (RFC 6979, so fixed).
  'notarize-dpp-version': {
    path: `/version/${DPP}/notarize`,
    multipart: {
      fields: {
        companyId: ACME,
        hash: 'e93b453fe6a8f7977982121c915dbf47095f0c93b76aa4a6acfc87575e402051',
        signature:
          '0xf9e8b0dd55400f8d7190c4cd6a1fef0b73c76a8dd37986932ec54b20cb8ea53205a96b73c625e6ddc8677518ca55a1071d3753d967a44bbf52a7ee8ecdc1b3a51b',
        submitter: ADMIN_WALLET,
        filesList: JSON.stringify([DPP_FILE.read]),
      },
      file: { name: 'notarization-report.pdf', fixture: 'sample.pdf' },
    },
    status: 200,
  },
  'list-dpp-notarizations': { path: `/view-dpp-notarizations/${DPP}`, status: 200 },
  'search-related-dpps': { path: `/related-dpps/${ADMIN_USER}`, status: 200 },
  // Links Volta's battery pack (Acme's partner's, only read) to the sample passport; a repeat copies nothing again.
  'create-related-dpps': {
    path: `/related-dpps/${ACME}/${DPP}`,
    json: { relatedDppIds: [PARTNER_DPP] },
    status: 200,
  },
  'list-non-official-operators': { path: `/view-non-official-operators/${ACME}`, status: 200 },
  // Acme's repairer (a non-official operator of the demo data).
  'get-non-official-operator': { path: `/view-non-official-operator/${ACME}/${OPERATOR}`, status: 200 },
  // Invites test-mnemonic account 12 (no demo user) by e-mail; a second run of the same sample is 400 EMAIL_TAKEN.
  'create-invitation': {
    path: '/create-invitation',
    json: {
      email: 'sample.invitee@acme.example',
      password: 'sample-password',
      area: 'Sales',
      status: 'PENDING',
      encrypted_wallet: 'opaque-encrypted-wallet',
      wallet_address: '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a',
      company_id: ACME,
      index: 0,
    },
    status: 200,
  },
  // The demo data's pending invitation (made when the seed runs): accepting it makes its invitee a member.
  'accept-invitation': { path: '/accept-invitation', json: { invitationId: 'QhgyT_gJIgJ02FsEXjfnfw' }, status: 200 },
  // Acme's KYB with the VIES stand-in's demo number that answers valid (README, KYB demo VAT numbers): VERIFIED.
  'verify-business': {
    path: '/verify-business',
    json: {
      userId: '01a19656-4a81-7000-8000-000000000001', // Acme's admin
      userData: {
        company_name: 'Acme Bikes S.r.l.',
        vat_number: 'IT11111110018',
        street_address: 'Via delle Biciclette 1',
        zip_or_postal_code: '20121',
        city_or_town: 'Milano',
        district_or_province: 'MI',
        sdi_or_pec: 'M5UXCR1',
        rea_code: 'MI-1234567',
        country_code: 'IT',
      },
    },
    status: 200,
  },
  // Acme's KYB data, as the seed (demo-data.json, kyb) or the verify-business sample stored it.
  'get-kyb-data': { path: '/kyb-data/01a19656-4a81-7000-8000-000000000001', status: 200 },
  // Any user may check a code; WELCOME20 is the stand-in's demo percent code (README, Demo credentials).
  'validate-promotional-code': {
    path: '/validate-promotional-code',
    json: { promotionalCode: 'WELCOME20' },
    status: 200,
  },
  // A sample must answer alike on any data, and a redemption is once per company (the contract fuzz subscribes
  // Acme): the demo's expired code, 400 PROMOTION_CODE_EXPIRED on fresh data and ALREADY_SUBSCRIBED after a plan.
  // WELCOME20 or SAVE50EUR in its place subscribes Acme (README, Demo credentials).
  'discount-subscription': {
    path: '/discount-subscription',
    json: { userEmail: 'admin@acme.example', userId: ADMIN_USER, promotionalCode: 'EXPIRED10' },
    status: 400,
    stubbedStatus: 200,
  },
  health: { path: '/health', status: 200 },
  'not-found': { method: 'GET', path: '/no-such-route', status: 404 },
};
