import * as v from 'valibot';
import { createDppFileInput } from '../../dpp-files/create-dpp-file';
import { defineRoute } from '../contract';
import { DPP, MODEL } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, upload } from '../errors';
import { done, dppFile, signedUrl } from '../views';

export const createDppFileRoute = defineRoute({
  method: 'POST',
  path: '/models/{modelId}/dpps/{dppId}/upload-file',
  fn: 'create-dpp-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['get', 'put', 'delete'] },
  body: 'multipart',
  idempotent: true,
  input: createDppFileInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    not_found: 406,
    ...upload,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createDppFileDocs = /* @__PURE__ */ describeRoute(createDppFileRoute, () => ({
  tag: 'DPP files',
  summary: 'Upload a file to a DPP',
  description:
    'Multipart with one `file` part (allowed formats as for template files; 4 MiB at most). `hash`, when sent, must ' +
    'be the hex SHA-256 of the bytes. `dpp_id` and `model_id`, when sent, must equal the path; `user_id` must be ' +
    "the token's user.",
  response: v.strictObject({ ...done, file: v.strictObject({ ...dppFile, signedUrl }) }),
  errors: {
    invalid: invalid('No file, an invalid file format, a hash mismatch, an unparseable body or an invalid field'),
    forbidden: "`user_id` is not the token's user",
    not_found: 'No DPP with this id and model in the company of the token',
  },
  example: {
    params: { modelId: MODEL, dppId: DPP },
    multipart: {
      fields: { name: 'Declaration of conformity', description: 'EU declaration of conformity' },
      file: { name: 'declaration.pdf', fixture: 'sample.pdf' },
    },
    status: 200,
  },
}));
