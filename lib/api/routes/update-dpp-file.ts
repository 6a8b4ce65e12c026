import * as v from 'valibot';
import { updateDppFileInput } from '../../dpp-files/update-dpp-file';
import { defineRoute } from '../contract';
import { ACME, DPP, DPP_FILE, MODEL } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, concurrentReplace, concurrentReplaceText, invalid, upload } from '../errors';
import { done, dppFile, signedUrl } from '../views';

export const updateDppFileRoute = defineRoute({
  method: 'PUT',
  path: '/models/{modelId}/update-dpp-file/{dppId}/file/{fileId}',
  fn: 'update-dpp-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['get', 'put', 'delete'], cdn: true },
  body: 'multipart',
  input: updateDppFileInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    not_found: 406,
    ...concurrentReplace,
    ...upload,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const updateDppFileDocs = /* @__PURE__ */ describeRoute(updateDppFileRoute, () => ({
  tag: 'DPP files',
  summary: 'Rename, describe or replace a DPP file',
  description:
    'Multipart with any of `file`, `name`, `description` (none is 400 `NOTHING_TO_UPDATE`; `hash` only with a ' +
    '`file`). `file` in the answer is an array of one, as the interface shows it.',
  response: v.strictObject({ ...done, file: v.array(v.strictObject({ ...dppFile, signedUrl })) }),
  errors: {
    invalid: invalid(
      'Nothing to update, an invalid file format, a hash mismatch, an unparseable body or an invalid field',
    ),
    forbidden: '`company_id` is not the company of the token',
    not_found: 'No such DPP file (of this model) in the company of the token',
    conflict: concurrentReplaceText,
  },
  example: {
    params: { modelId: MODEL, dppId: DPP, fileId: DPP_FILE.renamed },
    multipart: { fields: { company_id: ACME, name: 'Spare parts list (rev. 2)', description: 'Second revision' } },
    status: 200,
  },
}));
