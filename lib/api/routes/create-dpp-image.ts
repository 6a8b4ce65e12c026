import * as v from 'valibot';
import { createDppImageInput } from '../../dpp-images/create-dpp-image';
import { defineRoute } from '../contract';
import { authenticated, invalid, upload } from '../errors';
import { done, dppImage } from '../views';

export const createDppImageRoute = defineRoute({
  method: 'POST',
  path: '/dpps/{dppId}/images',
  fn: 'create-dpp-image',
  auth: 'jwt',
  access: { table: 'write', bucket: ['get', 'put', 'delete'] },
  tag: 'DPP images',
  summary: 'Add an image to a DPP',
  description:
    'Multipart with one `file` part: PNG, JPEG, WebP or GIF, detected from the bytes (anything else is 400 ' +
    '`INVALID_FILE_FORMAT`), 4 MiB at most. `hash`, when sent, must be the hex SHA-256 of the bytes. The answer is ' +
    'the image as `GET /dpp/{dppId}` shows it: `uuid` its id, `type` the detected type, `image` a signed GET URL ' +
    '(15 minutes).',
  body: 'multipart',
  idempotent: true,
  input: createDppImageInput,
  response: v.strictObject({ ...done, image: dppImage }),
  errors: {
    invalid: invalid('No file, not an image, a hash mismatch, an unparseable body or an invalid field'),
    not_found: { status: 404, description: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)' },
    ...upload,
    ...authenticated,
  },
});
