import * as v from 'valibot';
import { updateDppImageInput } from '../../dpp-images/update-dpp-image';
import { defineRoute } from '../contract';
import { DPP, DPP_IMAGE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { accessTier, done } from '../views';

export const updateDppImageRoute = defineRoute({
  method: 'PUT',
  path: '/dpps/{dppId}/images/{imageId}',
  fn: 'update-dpp-image',
  auth: 'jwt',
  access: { table: 'write', cdn: true },
  body: 'json',
  input: updateDppImageInput,
  errors: {
    invalid: 400,
    not_found: 404,
    too_large: 413,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const updateDppImageDocs = /* @__PURE__ */ describeRoute(updateDppImageRoute, () => ({
  tag: 'DPP images',
  summary: 'Change who may read an image of a DPP',
  description:
    'JSON `{access_tier}`: `public`, `legitimate_interest`, `authority` or `company` (docs/choices.md, Access ' +
    'tiers). Only a `public` image shows to anonymous readers (`GET /dpp/{dppId}`, the passport page, the JSON-LD’s ' +
    '`image`, `GET /dpp/{dppId}/images/{imageId}`); the others show to the company and to an access grant of their ' +
    'tier or above.',
  response: v.strictObject({ ...done, image: v.strictObject({ uuid: v.string(), access_tier: accessTier }) }),
  errors: {
    invalid: invalid('An invalid tier or a body that is not a JSON object'),
    not_found: 'No image with this id on this DPP in the company of the token (`IMAGE_NOT_FOUND`)',
    too_large: 'The body exceeds 256 KiB',
  },
  example: {
    params: { dppId: DPP, imageId: DPP_IMAGE },
    json: { access_tier: 'public' },
    status: 200,
  },
}));
