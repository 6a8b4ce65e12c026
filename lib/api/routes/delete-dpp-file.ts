import * as v from 'valibot';
import { deleteDppFileInput } from '../../dpp-files/delete-dpp-file';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { done } from '../views';

export const deleteDppFileRoute = defineRoute({
  method: 'DELETE',
  path: '/models/{modelId}/delete-dpp-file/{dppId}/file/{fileId}',
  fn: 'delete-dpp-file',
  auth: 'jwt',
  access: { table: 'write', bucket: ['delete'] },
  tag: 'DPP files',
  summary: 'Delete a DPP file and its stored bytes',
  description: 'The message names the file and the DPP. The bytes are kept while a DPP version refers to them.',
  input: deleteDppFileInput,
  response: v.strictObject(done),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: { status: 406, description: 'No such DPP file (of this model) in the company of the token' },
    ...authenticated,
  },
});
