import * as v from 'valibot';
import { createSuccessorInput } from '../../dpps/create-successor';
import { defineRoute } from '../contract';
import { SAMPLE_BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { companyDpp } from '../views';

export const createSuccessorRoute = defineRoute({
  method: 'POST',
  path: '/dpps/{dppId}/successor',
  fn: 'create-successor',
  auth: 'jwt',
  access: { table: 'write' },
  body: 'json',
  idempotent: true,
  input: createSuccessorInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    not_found: 404,
    conflict: 409,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createSuccessorDocs = /* @__PURE__ */ describeRoute(createSuccessorRoute, () => ({
  tag: 'DPP authoring',
  summary: 'Create the passport of a repurposed or remanufactured product, linked to this one',
  description:
    'JSON `{status}`: the successor’s status, one of its profile’s successor statuses (the battery passport: ' +
    '`Repurposed` or `Remanufactured`, Art. 77(7) of Regulation (EU) 2023/1542). For a DPP of the company whose ' +
    'profile names a lifecycle (docs/profiles.md, Lifecycle). The successor is a new DPP of the same company, ' +
    'model, profile and category: a new id and `search_id` (the serial derived from the id), the DPP’s name, ' +
    'description, type and language, and of its aspects the static attributes of the product model (those that ' +
    'still hold; not the dynamic ones, the item’s own identifiers and dates, nor fields no attribute holds), its ' +
    'status set to `status`. Its images, files, cards and translations are not copied. It is private ' +
    '(`published: false`) until published. One transaction writes it with `lifecycle.replaces` and sets ' +
    '`lifecycle.replaced_by` on this DPP, conditioned on this DPP being unchanged since it was read, not replaced ' +
    'and not ceased, and on the company’s KYB status VERIFIED; a refused request writes nothing. Answers the ' +
    'successor as `GET /dpps/{dppId}` does.',
  response: v.strictObject({ dpp: companyDpp }),
  errors: {
    invalid: invalid(
      'A malformed `dppId`, a body that is not `{status}`, or a status that is not a successor status of the profile ' +
        '(`VALIDATION_ERROR`, detail `status`)',
    ),
    forbidden: 'The company’s KYB status is not VERIFIED (`KYB_REQUIRED`)',
    not_found: 'No DPP with this id in the company (`DPP_NOT_FOUND`; another company’s answers the same)',
    conflict:
      'The DPP has no profile with a lifecycle (`NO_LIFECYCLE`), was already replaced (`ALREADY_REPLACED`), has ' +
      'ceased (`DPP_CEASED`), or was changed by another request meanwhile (`CONCURRENT_CHANGE`; retry)',
  },
  // The sample-event battery passport; the key replays the first answer on a repeat.
  example: {
    params: { dppId: SAMPLE_BATTERY_DPP },
    headers: { 'idempotency-key': 'sample-create-successor' },
    json: { status: 'Repurposed' },
    status: 200,
  },
}));
