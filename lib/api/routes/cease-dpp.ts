import * as v from 'valibot';
import { ceaseDppInput } from '../../dpps/cease-dpp';
import { defineRoute } from '../contract';
import { SAMPLE_BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { lifecycle } from '../views';

export const ceaseDppRoute = defineRoute({
  method: 'POST',
  path: '/dpps/{dppId}/cease',
  fn: 'cease-dpp',
  auth: 'jwt',
  access: { table: 'write' },
  input: ceaseDppInput,
  errors: {
    invalid: 400,
    not_found: 404,
    conflict: 409,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const ceaseDppDocs = /* @__PURE__ */ describeRoute(ceaseDppRoute, () => ({
  tag: 'DPP authoring',
  summary: 'Mark a passport ceased: its product was recycled',
  description:
    'No body. For a DPP of the company whose profile names a lifecycle, once its status (the profile’s status ' +
    'attribute) is an end-of-life one (the battery passport: `Waste`; Art. 77(8) of Regulation (EU) 2023/1542: the ' +
    'passport of a recycled battery ceases). Sets `lifecycle.ceased` and `ceased_at`, in one write conditioned on ' +
    'the DPP being unchanged since its status was read. A ceased passport stays readable: its page, its JSON and ' +
    'its aspects say it ceased and when; it gets no successor. Irreversible; again on a ceased DPP answers the ' +
    'same and writes nothing.',
  response: v.strictObject({ dpp_id: v.string(), lifecycle }),
  errors: {
    invalid: invalid('A malformed `dppId`'),
    not_found: 'No DPP with this id in the company (`DPP_NOT_FOUND`; another company’s answers the same)',
    conflict:
      'The DPP has no profile with a lifecycle (`NO_LIFECYCLE`), its status is not an end-of-life one ' +
      '(`NOT_AT_END_OF_LIFE`), or it was changed by another request meanwhile (`CONCURRENT_CHANGE`; retry)',
  },
  // The sample-event battery passport, whose status is waste.
  example: { params: { dppId: SAMPLE_BATTERY_DPP }, status: 200 },
}));
