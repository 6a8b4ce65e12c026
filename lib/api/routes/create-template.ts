import * as v from 'valibot';
import { createTemplateInput } from '../../templates/create-template';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { template } from '../views';

export const createTemplateRoute = defineRoute({
  method: 'POST',
  path: '/templates',
  fn: 'create-template',
  auth: 'jwt',
  access: { table: 'write' },
  tag: 'DPP authoring',
  summary: 'Create a template of the company',
  description:
    'JSON `{name, model_id}`: a template for a product model, which DPPs of the company may name (`template_id`) ' +
    'and template files hang under (`POST /create-template-file`). The id is a new UUIDv7. Other fields are 400.',
  body: 'json',
  idempotent: true,
  input: createTemplateInput,
  response: v.strictObject({ template }),
  errors: {
    invalid: invalid(
      'An invalid or unknown field (`VALIDATION_ERROR`, with `details`), or a body that is not a JSON object',
    ),
    too_large: { status: 413, description: 'The body exceeds 256 KiB' },
    ...authenticated,
  },
});
