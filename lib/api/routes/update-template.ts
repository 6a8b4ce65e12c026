import * as v from 'valibot';
import { updateTemplateInput } from '../../templates/update-template';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { template } from '../views';

export const updateTemplateRoute = defineRoute({
  method: 'PUT',
  path: '/templates/{templateId}',
  fn: 'update-template',
  auth: 'jwt',
  access: { table: 'write' },
  tag: 'DPP authoring',
  summary: 'Rename a template of the company, or change its product model',
  description:
    'JSON with any of `name`, `model_id`; at least one. Sets `updated_at`. Nothing else is keyed by a ' +
    'template’s model: the DPPs that name the template keep their own `model_id`, its files theirs.',
  body: 'json',
  input: updateTemplateInput,
  response: v.strictObject({ template }),
  errors: {
    invalid: invalid(
      'No field, an invalid or unknown field (`VALIDATION_ERROR`, with `details`), a malformed `templateId`, or a ' +
        'body that is not a JSON object. Nothing is written',
    ),
    not_found: {
      status: 404,
      description: 'No template with this id in the company of the token (`TEMPLATE_NOT_FOUND`)',
    },
    too_large: { status: 413, description: 'The body exceeds 256 KiB' },
    ...authenticated,
  },
});
