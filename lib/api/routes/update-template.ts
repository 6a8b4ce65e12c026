import * as v from 'valibot';
import { updateTemplateInput } from '../../templates/update-template';
import { defineRoute } from '../contract';
import { TEMPLATE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { template } from '../views';

export const updateTemplateRoute = defineRoute({
  method: 'PUT',
  path: '/templates/{templateId}',
  fn: 'update-template',
  auth: 'jwt',
  access: { table: 'write' },
  body: 'json',
  input: updateTemplateInput,
  errors: {
    invalid: 400,
    not_found: 404,
    too_large: 413,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const updateTemplateDocs = /* @__PURE__ */ describeRoute(updateTemplateRoute, () => ({
  tag: 'DPP authoring',
  summary: 'Rename a template of the company, change its product model, or set its profile',
  description:
    'JSON with any of `name`, `model_id`, `commodity_code` and `facility_id` (the defaults of its DPPs’ EU ' +
    'registry records; `null` removes one), and `profile` with `category` (the sector profile and category the ' +
    'DPPs made from it take, both or neither, as `POST /templates` takes them); at least one. Sets `updated_at`. ' +
    'Nothing else is keyed by a template’s model: the DPPs that name the template keep their own `model_id`, its ' +
    'files theirs, and a DPP keeps the profile and category it was created with.',
  response: v.strictObject({ template }),
  errors: {
    invalid: invalid(
      'No field, an invalid or unknown field, an unknown profile, a category without a profile or not of it, a ' +
        'profile without a category (`VALIDATION_ERROR`, with `details`), a malformed `templateId`, or a body that ' +
        'is not a JSON object. Nothing is written',
    ),
    not_found: 'No template with this id in the company of the token (`TEMPLATE_NOT_FOUND`)',
    too_large: 'The body exceeds 256 KiB',
  },
  example: {
    params: { templateId: TEMPLATE },
    json: { name: 'Sample-event template (rev. 2)' },
    status: 200,
  },
}));
