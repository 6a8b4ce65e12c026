import * as v from 'valibot';
import { createTemplateInput } from '../../templates/create-template';
import { defineRoute } from '../contract';
import { MODEL } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { template } from '../views';

export const createTemplateRoute = defineRoute({
  method: 'POST',
  path: '/templates',
  fn: 'create-template',
  auth: 'jwt',
  access: { table: 'write' },
  body: 'json',
  idempotent: true,
  input: createTemplateInput,
  errors: {
    invalid: 400,
    too_large: 413,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createTemplateDocs = /* @__PURE__ */ describeRoute(createTemplateRoute, () => ({
  tag: 'DPP authoring',
  summary: 'Create a template of the company',
  description:
    'JSON `{name, model_id, commodity_code?, facility_id?, profile?, category?}`: a template for a product model, which DPPs of the company may name (`template_id`) ' +
    'and whose `commodity_code` (4-10 digits) and `facility_id` (a GLN) they take for their EU registry records unless they set their own, ' +
    'and template files hang under (`POST /create-template-file`). With `profile` and `category` (both or neither: a ' +
    'profile of `GET /profiles` and one of its categories), a DPP made from the template takes them (docs/profiles.md). ' +
    'The id is a new UUIDv7. Other fields are 400.',
  response: v.strictObject({ template }),
  errors: {
    invalid: invalid(
      'An invalid or unknown field (`VALIDATION_ERROR`, with `details`: also an unknown profile or a category the ' +
        'profile lacks), or a body that is not a JSON object',
    ),
    too_large: 'The body exceeds 256 KiB',
  },
  // A new template of the sample passport's model; each run creates another.
  example: {
    json: { name: 'Sample-event template (copy)', model_id: MODEL },
    status: 200,
  },
}));
