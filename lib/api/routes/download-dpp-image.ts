import * as v from 'valibot';
import { downloadDppImageInput } from '../../dpp-images/download-dpp-image';
import { defineRoute } from '../contract';
import { DPP, DPP_IMAGE } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';

export const downloadDppImageRoute = defineRoute({
  method: 'GET',
  path: '/dpp/{dppId}/images/{imageId}/download',
  fn: 'download-dpp-image',
  auth: 'public',
  // `update`: each fetch through a grant writes its access-log entry (an UpdateItem of a new key).
  access: { table: 'update', bucket: ['get'] },
  input: downloadDppImageInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const downloadDppImageDocs = /* @__PURE__ */ describeRoute(downloadDppImageRoute, () => ({
  tag: 'Access grants',
  summary: 'An image of a DPP through an access grant: the grant checked and the fetch logged each time',
  description:
    'What a grant’s page (`<img src>`) and JSON (`image` and `url`) name a restricted image by, with the ' +
    'grant’s `access` value in the query (or the `x-dpp-access` header). Like ' +
    '`GET /dpp/{dppId}/files/{fileId}/download`: the grant read on every fetch (a revoked one answers 404 from ' +
    'the next request on), each fetch through a valid grant in the access log (`route: image`), a **307** to a ' +
    'signed URL valid **60 seconds**, `Cache-Control: private, no-store`. Without a valid grant only a public ' +
    'image answers (unlogged).',
  status: 307,
  response: v.string(),
  answers: [{ status: 307, description: 'To a signed URL of the image’s bytes, valid 60 seconds (`Location`)' }],
  errors: {
    invalid: invalid('`dppId` or `imageId` is malformed, or `access` is over 200 characters'),
    not_found:
      'No such image the reader may see (`IMAGE_NOT_FOUND`): a restricted image without a valid grant (none, a ' +
      'wrong secret, a revoked or expired grant, a tier it does not include), a deleted image, another DPP’s ' +
      'image and an image of an unpublished DPP answer alike',
    unavailable:
      'A dependency is down, or the access-log entry could not be written (nothing is served unrecorded); retry after `Retry-After` seconds',
  },
  // The sample-event passport's image: its events run before delete-dpp-image's, in route-table order.
  example: {
    params: { dppId: DPP, imageId: DPP_IMAGE },
    status: 307,
  },
}));
