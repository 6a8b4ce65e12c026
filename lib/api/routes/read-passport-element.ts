import * as v from 'valibot';
import { readElementInput } from '../../passport-api/read-element';
import { defineRoute } from '../contract';
import { BATTERY_ASPECT, BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { EN18222_READ } from './passport-api-docs';

export const readPassportElementRoute = defineRoute({
  method: 'GET',
  path: '/v1/dpps/{dppId}/elements/{elementPath+}',
  fn: 'read-passport-element',
  auth: 'public',
  access: { table: 'update', bucket: ['get'], links: true },
  input: readElementInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const readPassportElementDocs = /* @__PURE__ */ describeRoute(readPassportElementRoute, () => ({
  tag: 'EN 18222 passport API',
  summary: 'ReadDataElement: one data element of a published passport, at the reader’s tier',
  description:
    'EN 18222’s ReadDataElement. `elementPath` is a path in the passport’s `elements` (as `GET /v1/dpps/{dppId}` ' +
    'answers them), its segments separated by `/` (a greedy path parameter: `aspects/GeneralProductInformation`, ' +
    '`files/0/name`): each a member of an object or an index of an array. ' +
    EN18222_READ +
    ' An element the reader’s tier does not reach is not there: 404 `ELEMENT_NOT_FOUND`, as for a path that names ' +
    'nothing. `representation=full` also reaches `images`, `files`, `cards` and `registrationId`. Answers ' +
    '`{ path, value }`.',
  response: v.strictObject({ path: v.string(), value: v.unknown() }),
  responseHeaders: { vary: '`language, x-dpp-access`' },
  errors: {
    invalid: invalid(
      '`dppId` or `elementPath` is malformed, or a query parameter other than `representation` and `access`',
    ),
    not_found:
      'No published DPP with this id (`DPP_NOT_FOUND`), or no element at the path the reader may see (`ELEMENT_NOT_FOUND`)',
  },
  example: { params: { dppId: BATTERY_DPP, elementPath: `aspects/${BATTERY_ASPECT}` }, status: 200 },
}));
