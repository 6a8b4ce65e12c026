import * as v from 'valibot';
import { getDppFileInput } from '../../dpp-files/get-dpp-file';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { dppFile, signedUrl } from '../views';

export const getDppFileRoute = defineRoute({
  method: 'GET',
  path: '/models/{modelId}/view-dpp-file/{dppId}/file/{fileId}',
  fn: 'get-dpp-file',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'] },
  tag: 'DPP files',
  summary: 'View one DPP file with a signed URL',
  description: '`file` is an array of one, as the interface shows it.',
  input: getDppFileInput,
  response: v.strictObject({ file: v.array(v.strictObject({ ...dppFile, url: signedUrl })) }),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: { status: 406, description: 'No such DPP file (of this model) in the company of the token' },
    ...authenticated,
  },
});
