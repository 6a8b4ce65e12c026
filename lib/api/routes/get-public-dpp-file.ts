import * as v from 'valibot';
import { getPublicDppFileInput } from '../../dpp-files/get-public-dpp-file';
import { defineRoute } from '../contract';
import { DPP, DPP_FILE } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';

export const getPublicDppFileRoute = defineRoute({
  method: 'GET',
  path: '/dpp/{dppId}/files/{fileId}',
  fn: 'get-public-dpp-file',
  auth: 'public',
  // A download manager or link checker asks HEAD first: the same 307 and headers, no body.
  alsoAnswers: ['HEAD'],
  access: { table: 'read', bucket: ['get'] },
  input: getPublicDppFileInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getPublicDppFileDocs = /* @__PURE__ */ describeRoute(getPublicDppFileRoute, () => ({
  tag: 'DPPs',
  summary: 'Download a file of a published DPP, without a token: a redirect to its bytes',
  description:
    'Public, like `GET /dpp/{dppId}`, which names this address as each file’s `url`. A **307** to a signed URL ' +
    'of the file’s current bytes, valid 5 minutes (docs/choices.md, Public files). `Cache-Control: public, ' +
    'max-age=60`: a cached redirect still has minutes to run. No cookie. One DynamoDB round trip (the file and ' +
    'its DPP in one BatchGetItem).',
  status: 307,
  response: v.string(),
  answers: [{ status: 307, description: 'To a signed URL of the file’s bytes, valid 5 minutes (`Location`)' }],
  errors: {
    invalid: invalid('`dppId` or `fileId` is malformed'),
    not_found:
      'No such file on a published DPP (`DPP_FILE_NOT_FOUND`): a deleted file, another DPP’s file and a file of an unpublished DPP answer alike',
  },
  // The sample-event passport (lib/api/demo.ts); its events run before delete-dpp-image's, in route-table order.
  example: {
    params: { dppId: DPP, fileId: DPP_FILE.read },
    status: 307,
  },
}));
