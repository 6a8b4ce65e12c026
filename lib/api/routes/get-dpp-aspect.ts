import * as v from 'valibot';
import { getAspectInput } from '../../dpp-aspects/get-aspect';
import { defineRoute } from '../contract';
import { SAMPLE_BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';

export const getDppAspectRoute = defineRoute({
  method: 'GET',
  path: '/dpps/{dppId}/aspects/{aspect}',
  fn: 'get-dpp-aspect',
  auth: 'jwt',
  access: { table: 'read' },
  input: getAspectInput,
  errors: { invalid: 400, not_found: 404, conflict: 409, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getDppAspectDocs = /* @__PURE__ */ describeRoute(getDppAspectRoute, () => ({
  tag: 'DPP authoring',
  summary: 'An aspect’s whole document of a profiled DPP of the company',
  description:
    'The document as stored, every attribute whatever its tier: the company’s own view (the public one is ' +
    '`GET /dpp/{dppId}`). Read strongly consistent, so it is what the last write stored.',
  response: v.record(v.string(), v.unknown()),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found:
      'No DPP with this id in the company of the token (`DPP_NOT_FOUND`), no such aspect in its profile ' +
      '(`ASPECT_NOT_FOUND`), or the aspect was never written (`ASPECT_NOT_WRITTEN`)',
    conflict: 'The DPP has no profile (`PROFILE_REQUIRED`)',
  },
  example: { params: { dppId: SAMPLE_BATTERY_DPP, aspect: 'GeneralProductInformation' }, status: 200 },
}));
