import * as v from 'valibot';
import { getPublicDppImageInput } from '../../dpp-images/get-public-dpp-image';
import { defineRoute } from '../contract';
import { DPP, DPP_IMAGE } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';

export const getPublicDppImageRoute = defineRoute({
  method: 'GET',
  path: '/dpp/{dppId}/images/{imageId}',
  fn: 'get-public-dpp-image',
  auth: 'public',
  // A download manager or link checker asks HEAD first: the same 307 and headers, no body.
  alsoAnswers: ['HEAD'],
  access: { table: 'read', bucket: ['get'] },
  input: getPublicDppImageInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getPublicDppImageDocs = /* @__PURE__ */ describeRoute(getPublicDppImageRoute, () => ({
  tag: 'DPPs',
  summary: 'An image of a published DPP, without a token: a redirect to its bytes',
  description:
    'Public, like `GET /dpp/{dppId}`, which names this address as each image’s `url` (an `<img src>` that lasts, ' +
    'unlike the signed `image`). A **307** to a signed URL of the image, valid 5 minutes (docs/choices.md, Public ' +
    'files). `Cache-Control: public, max-age=60`. No cookie. One DynamoDB round trip (the image and its DPP in ' +
    'one BatchGetItem).',
  status: 307,
  response: v.string(),
  answers: [{ status: 307, description: 'To a signed URL of the image’s bytes, valid 5 minutes (`Location`)' }],
  errors: {
    invalid: invalid('`dppId` or `imageId` is malformed'),
    not_found:
      'No such image on a published DPP (`IMAGE_NOT_FOUND`): a deleted image, another DPP’s image and an image of an unpublished DPP answer alike',
  },
  // The sample-event passport (lib/api/demo.ts); its events run before delete-dpp-image's, in route-table order.
  example: {
    params: { dppId: DPP, imageId: DPP_IMAGE },
    status: 307,
  },
}));
