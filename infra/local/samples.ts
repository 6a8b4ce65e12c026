import type { RouteFn } from '../../lib/api/routes';

/**
 * One sample request per route, against the fixed ids of infra/local/demo-data.json.
 * `npm run events` writes them to events/<fn>.json (API Gateway v2 events, for
 * `sam local invoke` and `npm run invoke`); test/events checks each file is current and
 * answers `status` against freshly seeded data.
 */
export interface Sample {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  multipart?: { fields: Record<string, string>; file?: { name: string; fixture: string } };
  status: number;
}

/** Stands for a fresh demo token; `npm run invoke` replaces it (see README for SAM). */
export const TOKEN_PLACEHOLDER = 'DEMO_TOKEN';

const ACME = '0b7f2a4e-6a51-4c3e-9a57-3f0b8f2d1a01';
const TEMPLATE = '5d1e8c2a-0f3b-4b6e-8c1d-2a9f7e3b4c01';
const MODEL = '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a01';
const DPP = '3f2e1d0c-9b8a-4f7e-8d6c-5b4a3f2e1d01';
const ADMIN_WALLET = '0x1111111111111111111111111111111111111111';

export const samples: Record<RouteFn, Sample> = {
  'generate-jwt': { path: `/generateJWT/demo-acme-api-key/${ADMIN_WALLET}`, status: 200 },
  'get-dpp': { path: `/dpp/${DPP}`, headers: { language: 'it' }, status: 200 },
  'create-template-file': {
    path: '/create-template-file',
    multipart: {
      fields: { template_id: TEMPLATE, company_id: ACME, modelId: MODEL, name: 'Assembly guide', description: 'How to assemble the bike' },
      file: { name: 'assembly-guide.pdf', fixture: 'sample.pdf' },
    },
    status: 200,
  },
  'list-template-files': { path: `/view-template-files/${TEMPLATE}`, status: 200 },
  'get-template-file': { path: `/view-template-file/${TEMPLATE}/file/7a4c2e1f-3b5d-4e6f-8a9b-0c1d2e3f4a01`, status: 200 },
  'update-template-file': {
    path: `/update-template-file/${TEMPLATE}/file/7a4c2e1f-3b5d-4e6f-8a9b-0c1d2e3f4a98`,
    multipart: { fields: { company_id: ACME, name: 'Sample sheet (rev. 2)', description: 'Second revision' } },
    status: 200,
  },
  'delete-template-file': { path: `/delete-template-file/${TEMPLATE}/file/7a4c2e1f-3b5d-4e6f-8a9b-0c1d2e3f4a99`, status: 200 },
  'create-dpp-file': {
    path: `/models/${MODEL}/dpps/${DPP}/upload-file`,
    multipart: {
      fields: { name: 'Declaration of conformity', description: 'EU declaration of conformity' },
      file: { name: 'declaration.pdf', fixture: 'sample.pdf' },
    },
    status: 200,
  },
  'list-dpp-files': { path: `/view-dpp-files/${DPP}`, status: 200 },
  'get-dpp-file': { path: `/models/${MODEL}/view-dpp-file/${DPP}/file/6e5d4c3b-2a19-4f8e-9d7c-6b5a4e3d2c01`, status: 200 },
  'update-dpp-file': {
    path: `/models/${MODEL}/update-dpp-file/${DPP}/file/6e5d4c3b-2a19-4f8e-9d7c-6b5a4e3d2c98`,
    multipart: { fields: { company_id: ACME, name: 'Spare parts list (rev. 2)', description: 'Second revision' } },
    status: 200,
  },
  'delete-dpp-file': { path: `/models/${MODEL}/delete-dpp-file/${DPP}/file/6e5d4c3b-2a19-4f8e-9d7c-6b5a4e3d2c99`, status: 200 },
  'not-found': { method: 'GET', path: '/no-such-route', status: 404 },
};
