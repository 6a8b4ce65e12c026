import * as v from 'valibot';
import { deleteDppImageInput } from '../../dpp-images/delete-dpp-image';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { done } from '../views';

export const deleteDppImageRoute = defineRoute({
  method: 'DELETE',
  path: '/dpps/{dppId}/images/{imageId}',
  fn: 'delete-dpp-image',
  auth: 'jwt',
  access: { table: 'write', bucket: ['delete'] },
  tag: 'DPP images',
  summary: 'Delete an image of a DPP and its stored bytes',
  input: deleteDppImageInput,
  response: v.strictObject(done),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: {
      status: 404,
      description: 'No image with this id on this DPP in the company of the token (`IMAGE_NOT_FOUND`)',
    },
    ...authenticated,
  },
});
