import * as v from 'valibot';
import { patchAspectInput } from '../../dpp-aspects/patch-aspect';
import update from '../../profiles/data/examples/battery-passport-ev-update.json';
import { defineRoute } from '../contract';
import { SAMPLE_BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { documentWrite } from '../errors';
import { aspectWriteErrors } from './put-dpp-aspect';

export const patchDppAspectRoute = defineRoute({
  method: 'PATCH',
  path: '/dpps/{dppId}/aspects/{aspect}',
  fn: 'patch-dpp-aspect',
  auth: 'jwt',
  access: { table: 'write' },
  body: 'json',
  mediaTypes: ['application/merge-patch+json', 'application/json'],
  input: patchAspectInput,
  errors: documentWrite,
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const patchDppAspectDocs = /* @__PURE__ */ describeRoute(patchDppAspectRoute, () => ({
  tag: 'DPP authoring',
  summary: 'Change part of an aspect’s document of a profiled DPP of the company (JSON Merge Patch)',
  description:
    'The body is a JSON Merge Patch (RFC 7396; `application/merge-patch+json`, or `application/json`, at most 64 ' +
    'KiB) applied to the stored document (an empty one when the aspect was never written): a member replaces the ' +
    'document’s, `null` removes it, an object is merged into the document’s. The result is validated whole, as ' +
    '`PUT` validates its body: 400 `INVALID_ASPECT` with every problem (a patch that removes a required field names ' +
    'it), and nothing is stored. Each dynamic attribute the patch changes is recorded in the history (time, author, ' +
    'attribute, pointer, old and new value). Answers the document as stored.',
  response: v.record(v.string(), v.unknown()),
  errors: aspectWriteErrors,
  // A new state of charge of Acme's sample-event battery passport: a dynamic attribute, so the history records it
  // (from the example's data: no code names a sector's field, test/lib/profiles/no-sector-in-code.test.ts).
  example: {
    params: { dppId: SAMPLE_BATTERY_DPP, aspect: update.aspect },
    json: update.patch,
    status: 200,
  },
}));
