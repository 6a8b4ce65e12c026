import * as v from 'valibot';
import { createDppInput } from '../../dpps/create-dpp';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { companyDpp } from '../views';

export const createDppRoute = defineRoute({
  method: 'POST',
  path: '/dpps',
  fn: 'create-dpp',
  auth: 'jwt',
  access: { table: 'write' },
  tag: 'DPP authoring',
  summary: 'Create a DPP of the company',
  description:
    'JSON `{name, description?, type, code, model_id, template_id?, language}`: `code` is the GTIN-14 of the ' +
    'product model (14 digits ending in the GS1 check digit), `template_id` one of the company’s templates, ' +
    '`language` the ISO 639-1 language name and description are written in (what translations start from). The ' +
    'id is a new UUIDv7; `search_id` is the item’s GS1 Digital Link path `01/<code>/21/<serial>`, the serial 20 ' +
    'characters derived from the id. Needs the company’s KYB status VERIFIED (decisions.md): one transaction ' +
    'checks it and the template and writes the DPP, so a refused request writes nothing. Answers the new DPP as ' +
    '`GET /dpps/{dppId}` does (nothing under it yet). Other fields are 400.',
  body: 'json',
  idempotent: true,
  input: createDppInput,
  response: v.strictObject({ dpp: companyDpp }),
  errors: {
    invalid: invalid(
      'An invalid or unknown field (`VALIDATION_ERROR`, with `details`), a body that is not a JSON object, or a ' +
        '`template_id` that is not a template of the company (`TEMPLATE_NOT_FOUND`, detail `template_id`; another ' +
        'company’s answers the same)',
    ),
    forbidden: {
      status: 403,
      description:
        'The company’s KYB status is not VERIFIED: verify the business first with `POST /verify-business` (`KYB_REQUIRED`)',
    },
    too_large: { status: 413, description: 'The body exceeds 256 KiB' },
    ...authenticated,
  },
});
