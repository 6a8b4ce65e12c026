import * as v from 'valibot';
import { getCompletenessInput } from '../../dpp-aspects/get-completeness';
import { defineRoute } from '../contract';
import { SAMPLE_BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';

export const getDppCompletenessRoute = defineRoute({
  method: 'GET',
  path: '/dpps/{dppId}/completeness',
  fn: 'get-dpp-completeness',
  auth: 'jwt',
  access: { table: 'read' },
  input: getCompletenessInput,
  errors: { invalid: 400, not_found: 404, conflict: 409, ...authenticated },
});

const str = v.string();
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getDppCompletenessDocs = /* @__PURE__ */ describeRoute(getDppCompletenessRoute, () => ({
  tag: 'DPP authoring',
  summary: 'How complete a profiled DPP of the company is: the mandatory attributes of its category it lacks',
  description:
    '`mandatory`: how many attributes the profile makes mandatory for the DPP’s category; `present`: how many it ' +
    'has; `missing`: each one it lacks, with its aspect, attribute id, `path` (its pointer in the aspect’s document; ' +
    '`""` for an attribute composed of others) and English label; `complete`: none missing. A value counts when ' +
    'it is not absent, `null`, an empty text, list or object; for a value in a list’s items, when an item the ' +
    'attribute picks has it. Publishing (`PUT /dpps/{dppId}` `published: true`) needs `complete`. Computed from the ' +
    'DPP item alone (one read).',
  response: v.strictObject({
    profile: str,
    category: str,
    mandatory: count,
    present: count,
    missing: v.array(v.strictObject({ aspect: str, attribute: str, path: str, label: str })),
    complete: v.boolean(),
  }),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
    conflict: 'The DPP has no profile (`PROFILE_REQUIRED`)',
  },
  example: { params: { dppId: SAMPLE_BATTERY_DPP }, status: 200 },
}));
