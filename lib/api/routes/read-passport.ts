import { readPassportInput } from '../../passport-api/read-passport';
import { defineRoute } from '../contract';
import { BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { en18222Passport } from '../views';
import { EN18222_READ } from './passport-api-docs';

export const readPassportRoute = defineRoute({
  method: 'GET',
  path: '/v1/dpps/{dppId}',
  fn: 'read-passport',
  auth: 'public',
  access: { table: 'update', bucket: ['get'], links: true },
  input: readPassportInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const readPassportDocs = /* @__PURE__ */ describeRoute(readPassportRoute, () => ({
  tag: 'EN 18222 passport API',
  summary: 'ReadDPPById: a published passport with its EN 18223 header, at the reader’s tier',
  description:
    'EN 18222’s ReadDPPById. ' +
    EN18222_READ +
    ' `compressed` (the default): the header and the passport’s own elements (`name`, `description`, `type`, ' +
    '`language`, `commodityCode`, a profiled passport’s `profile`, `category`, `complete` and `aspects`, its ' +
    '`lifecycle`); `full` adds its `images`, `files` and `cards` and its EU `registrationId`.',
  response: en18222Passport,
  responseHeaders: {
    'content-language': 'The languages of the texts returned, the asked one first',
    vary: '`language, x-dpp-access`',
  },
  errors: {
    invalid: invalid('`dppId` is malformed, `representation` is not compressed or full, or another query parameter'),
    not_found: 'No DPP with this id, or one its company has not published (`DPP_NOT_FOUND`, answered alike)',
  },
  example: { params: { dppId: BATTERY_DPP }, query: { representation: 'full' }, status: 200 },
}));
