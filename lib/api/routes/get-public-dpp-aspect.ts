import * as v from 'valibot';
import { viewDppAspectInput } from '../../dpps/view-dpp-aspect';
import { defineRoute } from '../contract';
import { BATTERY_ASPECT, BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';

export const getPublicDppAspectRoute = defineRoute({
  method: 'GET',
  path: '/dpp/{dppId}/aspects/{aspect}',
  fn: 'get-public-dpp-aspect',
  auth: 'public',
  access: { table: 'update' },
  input: viewDppAspectInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getPublicDppAspectDocs = /* @__PURE__ */ describeRoute(getPublicDppAspectRoute, () => ({
  tag: 'DPPs',
  summary: 'Read one aspect document of a published profiled passport, with only the attributes of the reader’s tier',
  description:
    'Public, like `GET /dpp/{dppId}`. The aspect’s JSON document in its profile’s source form (docs/profiles.md), ' +
    'with every attribute above the reader’s tier removed: never blanked, and its absence not announced. An ' +
    'anonymous reader gets the `public` attributes; an access grant (`?access=<grantId>.<secret>` or the ' +
    '`x-dpp-access` header) raises the tier to its own (`legitimate_interest`, or `authority`, which includes it), ' +
    'and each read through it is logged with the restricted attributes served. A field of the document no attribute ' +
    'of the profile holds is shown to no reader (the company reads the whole document: ' +
    '`GET /dpps/{dppId}/aspects/{aspect}`). An aspect of the profile answers `{}` when nothing of it is left for ' +
    'the reader, whether it holds restricted data or none. One DynamoDB read (the grant’s beside it).',
  response: v.record(v.string(), v.unknown()),
  responseHeaders: { vary: '`x-dpp-access`: the grant’s header the answer depends on' },
  errors: {
    invalid: invalid('`dppId` or `aspect` is malformed, or a query parameter other than `access`'),
    not_found:
      'No published DPP with this id (`DPP_NOT_FOUND`), or its profile has no such aspect, or it has no profile (`ASPECT_NOT_FOUND`)',
  },
  example: {
    params: { dppId: BATTERY_DPP, aspect: BATTERY_ASPECT },
    status: 200,
  },
}));
