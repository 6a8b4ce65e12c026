import * as v from 'valibot';
import { createDppImageInput } from '../../dpp-images/create-dpp-image';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, upload } from '../errors';
import { done, dppImage } from '../views';

export const createDppImageRoute = defineRoute({
  method: 'POST',
  path: '/dpps/{dppId}/images',
  fn: 'create-dpp-image',
  auth: 'jwt',
  access: { table: 'write', bucket: ['get', 'put', 'delete'] },
  body: 'multipart',
  idempotent: true,
  input: createDppImageInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...upload,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createDppImageDocs = /* @__PURE__ */ describeRoute(createDppImageRoute, () => ({
  tag: 'DPP images',
  summary: 'Add an image to a DPP',
  description:
    'Multipart with one `file` part: PNG, JPEG, WebP or GIF, detected from the bytes (anything else is 400 ' +
    '`INVALID_FILE_FORMAT`), 4 MiB at most. `hash`, when sent, must be the hex SHA-256 of the bytes. The answer is ' +
    'the image as `GET /dpp/{dppId}` shows it: `uuid` its id, `type` the detected type, `image` a signed GET URL ' +
    '(15 minutes).',
  response: v.strictObject({ ...done, image: dppImage }),
  errors: {
    invalid: invalid('No file, not an image, a hash mismatch, an unparseable body or an invalid field'),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
  },
  example: {
    params: { dppId: DPP },
    multipart: { fields: {}, file: { name: 'photo.png', fixture: 'sample.png' } },
    status: 200,
  },
}));
