import * as v from 'valibot';
import { getDppFileInput } from '../../dpp-files/get-dpp-file';
import { defineRoute } from '../contract';
import { DPP, DPP_FILE, MODEL } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { dppFile, signedUrl } from '../views';

export const getDppFileRoute = defineRoute({
  method: 'GET',
  path: '/models/{modelId}/view-dpp-file/{dppId}/file/{fileId}',
  fn: 'get-dpp-file',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'] },
  input: getDppFileInput,
  errors: {
    invalid: 400,
    not_found: 406,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getDppFileDocs = /* @__PURE__ */ describeRoute(getDppFileRoute, () => ({
  tag: 'DPP files',
  summary: 'View one DPP file with a signed URL',
  description: '`file` is an array of one, as the interface shows it.',
  response: v.strictObject({ file: v.array(v.strictObject({ ...dppFile, url: signedUrl })) }),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: 'No such DPP file (of this model) in the company of the token',
  },
  example: {
    params: { modelId: MODEL, dppId: DPP, fileId: DPP_FILE.read },
    status: 200,
  },
}));
