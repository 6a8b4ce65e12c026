import * as v from 'valibot';
import { deleteDppFileInput } from '../../dpp-files/delete-dpp-file';
import { defineRoute } from '../contract';
import { DPP, DPP_FILE, MODEL } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done } from '../views';

export const deleteDppFileRoute = defineRoute({
  method: 'DELETE',
  path: '/models/{modelId}/delete-dpp-file/{dppId}/file/{fileId}',
  fn: 'delete-dpp-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['delete'] },
  input: deleteDppFileInput,
  errors: {
    invalid: 400,
    not_found: 406,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const deleteDppFileDocs = /* @__PURE__ */ describeRoute(deleteDppFileRoute, () => ({
  tag: 'DPP files',
  summary: 'Delete a DPP file and its stored bytes',
  description: 'The message names the file and the DPP. The bytes are kept while a DPP version refers to them.',
  response: v.strictObject(done),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: 'No such DPP file (of this model) in the company of the token',
  },
  example: {
    params: { modelId: MODEL, dppId: DPP, fileId: DPP_FILE.deleted },
    status: 200,
  },
}));
