import * as v from 'valibot';
import { updateDppInput } from '../../dpps/update-dpp';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { companyDppFields } from '../views';

export const updateDppRoute = defineRoute({
  method: 'PUT',
  path: '/dpps/{dppId}',
  fn: 'update-dpp',
  auth: 'jwt',
  access: { table: 'write', cdn: true },
  body: 'json',
  input: updateDppInput,
  errors: {
    invalid: 400,
    not_found: 404,
    conflict: 409,
    too_large: 413,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const updateDppDocs = /* @__PURE__ */ describeRoute(updateDppRoute, () => ({
  tag: 'DPP authoring',
  summary: 'Change fields of a DPP of the company',
  description:
    'JSON with any of `name`, `description`, `type`, `template_id` (a template of the company, or `null` to unlink ' +
    'it), `language`, `published` (`true` makes the passport public: the resolver, `GET /dpp/{dppId}` and its ' +
    'version documents answer it; `false` hides it again, answered like an unknown DPP; a profiled DPP publishes only ' +
    'when complete for its category, and stays so: an aspect write that would leave it incomplete is refused), ' +
    '`commodity_code` (HS, CN or TARIC: 4-10 digits) and `facility_id` (the GLN of the facility that makes the ' +
    'product), what its EU registry record carries (`null` removes the DPP’s own: its template’s counts again); at least one. `code` and `model_id`, and so `search_id`, are fixed at creation: the product ' +
    'identifier a data carrier encodes never changes (a wrong one is a new DPP), and the DPP’s files carry its ' +
    'model. Sets `updated_at`. Versions already taken keep the snapshot they froze. Answers the DPP’s fields as ' +
    'stored after the change. There is no DPP delete: a DPP with a notarized version is never deleted, and the ' +
    'API deletes none.',
  response: v.strictObject({ dpp: companyDppFields }),
  errors: {
    invalid: invalid(
      'No field, an invalid field or one that cannot be changed (`VALIDATION_ERROR`, with `details`), a body that ' +
        'is not a JSON object, or a `template_id` that is not a template of the company (`TEMPLATE_NOT_FOUND`). ' +
        'Nothing is written',
    ),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
    conflict:
      '`published: true` on a profiled DPP that lacks a mandatory attribute of its category (`INCOMPLETE`, each ' +
      'missing attribute in `details`: its pointer in the aspects, `/<aspect><pointer>`, and its label; ' +
      '`GET /dpps/{dppId}/completeness` says the same). Nothing is written',
    too_large: 'The body exceeds 256 KiB',
  },
  example: {
    params: { dppId: DPP },
    json: { description: 'The passport the sample events read and change (rev. 2)', type: 'sample-passport' },
    status: 200,
  },
}));
