import * as v from 'valibot';
import { createDppInput } from '../../dpps/create-dpp';
import { defineRoute } from '../contract';
import { MODEL, TEMPLATE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { companyDpp } from '../views';

export const createDppRoute = defineRoute({
  method: 'POST',
  path: '/dpps',
  fn: 'create-dpp',
  auth: 'jwt',
  access: { table: 'write' },
  body: 'json',
  idempotent: true,
  input: createDppInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    too_large: 413,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createDppDocs = /* @__PURE__ */ describeRoute(createDppRoute, () => ({
  tag: 'DPP authoring',
  summary: 'Create a DPP of the company',
  description:
    'JSON `{name, description?, type, code, model_id, template_id?, language, commodity_code?, facility_id?}`: ' +
    '`commodity_code` (HS, CN or TARIC: 4-10 digits) and `facility_id` (a GLN) are what its EU registry record ' +
    'carries, its template’s when absent; `code` is the GTIN-14 of the ' +
    'product model (14 digits ending in the GS1 check digit), `template_id` one of the company’s templates, ' +
    '`language` the ISO 639-1 language name and description are written in (what translations start from). The ' +
    'id is a new UUIDv7; `search_id` is the item’s GS1 Digital Link path `01/<code>/21/<serial>`, the serial 20 ' +
    'characters derived from the id. Needs the company’s KYB status VERIFIED (docs/spec/decisions.md): one transaction ' +
    'checks it and the template and writes the DPP, so a refused request writes nothing. Answers the new DPP as ' +
    '`GET /dpps/{dppId}` does (nothing under it yet). A new DPP is private (`published: false`) until ' +
    '`PUT /dpps/{dppId}` publishes it. `profile` and `category` (both or neither) make it a profiled passport ' +
    '(docs/profiles.md): a profile of `GET /profiles` and one of its categories; its data is then written per aspect ' +
    '(`PUT /dpps/{dppId}/aspects/{aspect}`). A DPP made from a template with a profile takes the template’s; a body ' +
    'naming another is 400 `TEMPLATE_PROFILE_MISMATCH`. Other fields are 400.',
  response: v.strictObject({ dpp: companyDpp }),
  errors: {
    invalid: invalid(
      'An invalid or unknown field (`VALIDATION_ERROR`, with `details`: an unknown profile, a category the profile ' +
        'lacks, a profile without a category or a category without a profile), a body that is not a JSON object, a ' +
        'profile other than the template’s (`TEMPLATE_PROFILE_MISMATCH`), or a ' +
        '`template_id` that is not a template of the company (`TEMPLATE_NOT_FOUND`, detail `template_id`; another ' +
        'company’s answers the same)',
    ),
    forbidden:
      'The company’s KYB status is not VERIFIED: verify the business first with `POST /verify-business` (`KYB_REQUIRED`)',
    too_large: 'The body exceeds 256 KiB',
  },
  // A new passport of the template's model under Acme (KYB VERIFIED by the seed); each run creates another.
  example: {
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
}));
