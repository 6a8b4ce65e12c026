import { createPassportInput } from '../../passport-api/create-passport';
import { defineRoute } from '../contract';
import { MODEL } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { en18222Passport } from '../views';

export const createPassportRoute = defineRoute({
  method: 'POST',
  path: '/v1/dpps',
  fn: 'create-passport',
  auth: 'jwt',
  access: { table: 'write', bucket: ['put', 'delete'], links: true },
  body: 'json',
  idempotent: true,
  input: createPassportInput,
  errors: { invalid: 400, forbidden: 403, too_large: 413, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createPassportDocs = /* @__PURE__ */ describeRoute(createPassportRoute, () => ({
  tag: 'EN 18222 passport API',
  summary: 'CreateDPP: create a passport of the company, archived as its first version',
  description:
    'EN 18222’s CreateDPP. The body and its rules are `POST /dpps`’s (`{name, description?, type, code, model_id, ' +
    'template_id?, language, commodity_code?, facility_id?, profile?, category?}`; KYB VERIFIED); the new passport ' +
    'is archived as version 1 in the transaction that creates it (EN 18221: every change through this API takes a ' +
    'version, in the same transaction). Answers the passport ' +
    'as the company reads it, with its EN 18223 header (`dppStatus` `draft` until `PATCH /v1/dpps/{dppId}` with ' +
    '`dppStatus: "active"` publishes it) and the version that archived it.',
  response: en18222Passport,
  errors: {
    invalid: invalid(
      'A field is missing or invalid (`VALIDATION_ERROR`, with `details`), or the template is not the company’s',
    ),
    forbidden: 'The company’s KYB status is not VERIFIED (`KYB_REQUIRED`)',
    too_large: 'The body exceeds 256 KiB',
  },
  example: {
    json: {
      name: 'EN 18222 sample passport',
      type: 'sample-passport',
      code: '08012345000098',
      model_id: MODEL,
      language: 'en',
    },
    status: 200,
  },
}));
