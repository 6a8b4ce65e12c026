import * as v from 'valibot';
import { downloadDppFileInput } from '../../dpp-files/download-dpp-file';
import { defineRoute } from '../contract';
import { DPP, DPP_FILE } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';

export const downloadDppFileRoute = defineRoute({
  method: 'GET',
  path: '/dpp/{dppId}/files/{fileId}/download',
  fn: 'download-dpp-file',
  auth: 'public',
  // `update`: each fetch through a grant writes its access-log entry (an UpdateItem of a new key).
  access: { table: 'update', bucket: ['get'] },
  input: downloadDppFileInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const downloadDppFileDocs = /* @__PURE__ */ describeRoute(downloadDppFileRoute, () => ({
  tag: 'Access grants',
  summary: 'Download a file of a DPP through an access grant: the grant checked and the fetch logged each time',
  description:
    'What a grant’s page and JSON (`GET /passport/{dppId}?access=…`, `GET /dpp/{dppId}?access=…`) link a ' +
    'restricted file to, with the grant’s `access` value in the query (or the `x-dpp-access` header). Every fetch ' +
    'reads the grant (strongly consistent), so a revoked or expired grant’s link answers 404 from the next ' +
    'request on; every fetch through a valid grant is an entry of the access log (`route: file`), written before ' +
    'the answer. A **307** to a signed URL of the file’s bytes valid **60 seconds**, `Cache-Control: private, ' +
    'no-store`, `Referrer-Policy: no-referrer` (docs/choices.md, Access tiers). Without a valid grant only a ' +
    'public file answers (unlogged), as on `GET /dpp/{dppId}/files/{fileId}`.',
  status: 307,
  response: v.string(),
  answers: [{ status: 307, description: 'To a signed URL of the file’s bytes, valid 60 seconds (`Location`)' }],
  errors: {
    invalid: invalid('`dppId` or `fileId` is malformed, or `access` is over 200 characters'),
    not_found:
      'No such file the reader may read (`DPP_FILE_NOT_FOUND`): a restricted file without a valid grant (none, a ' +
      'wrong secret, a revoked or expired grant, a tier it does not include), a deleted file, another DPP’s file ' +
      'and a file of an unpublished DPP answer alike',
    unavailable:
      'A dependency is down, or the access-log entry could not be written (nothing is served unrecorded); retry after `Retry-After` seconds',
  },
  example: {
    params: { dppId: DPP, fileId: DPP_FILE.read },
    status: 307,
  },
}));
