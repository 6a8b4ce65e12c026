import * as v from 'valibot';
import { deleteDppImageInput } from '../../dpp-images/delete-dpp-image';
import { defineRoute } from '../contract';
import { DPP, DPP_IMAGE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done } from '../views';

export const deleteDppImageRoute = defineRoute({
  method: 'DELETE',
  path: '/dpps/{dppId}/images/{imageId}',
  fn: 'delete-dpp-image',
  auth: 'jwt',
  access: { table: 'write', bucket: ['delete'] },
  input: deleteDppImageInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const deleteDppImageDocs = /* @__PURE__ */ describeRoute(deleteDppImageRoute, () => ({
  tag: 'DPP images',
  summary: 'Delete an image of a DPP and its stored bytes',
  description:
    'The message names the image and the DPP. The bytes go too: versions do not hold images, so nothing keeps ' +
    'them.',
  response: v.strictObject(done),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: 'No image with this id on this DPP in the company of the token (`IMAGE_NOT_FOUND`)',
  },
  example: {
    params: { dppId: DPP, imageId: DPP_IMAGE },
    status: 200,
  },
}));
