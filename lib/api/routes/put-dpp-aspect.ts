import * as v from 'valibot';
import { putAspectInput } from '../../dpp-aspects/put-aspect';
import ev from '../../profiles/data/examples/battery-passport-ev.json';
import { defineRoute } from '../contract';
import { SAMPLE_BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { documentWrite, invalid } from '../errors';

export const putDppAspectRoute = defineRoute({
  method: 'PUT',
  path: '/dpps/{dppId}/aspects/{aspect}',
  fn: 'put-dpp-aspect',
  auth: 'jwt',
  access: { table: 'write' },
  body: 'json',
  mediaTypes: ['application/json'],
  input: putAspectInput,
  errors: documentWrite,
});

/** What the aspect writes answer for each kind (PUT and PATCH alike). */
export const aspectWriteErrors = {
  invalid: invalid(
    'The document does not hold to the profile (`INVALID_ASPECT`, with every problem in `details`, each `path` a ' +
      'JSON pointer into the document: a wrong type, a value out of range, an unknown enum value, a bad date, a ' +
      'missing required field, a field the profile does not have), the body is not a JSON object ' +
      '(`MALFORMED_BODY`), or a path parameter is malformed (`VALIDATION_ERROR`). Nothing is stored',
  ),
  not_found:
    'No DPP with this id in the company of the token (`DPP_NOT_FOUND`), or no such aspect in its profile (`ASPECT_NOT_FOUND`)',
  conflict:
    'The DPP has no profile (`PROFILE_REQUIRED`); it is published and the change would leave a mandatory attribute ' +
    'missing (`INCOMPLETE`, the missing attributes in `details`); or other writes to its aspects kept winning the ' +
    'race (`CONCURRENT_CHANGE`: read and retry)',
  too_large:
    'The body, the document or the DPP’s aspects together exceed their limit (64 KiB, 64 KiB, 192 KiB of JSON)',
  unsupported_media_type: 'A `content-type` other than the ones the route takes',
} as const;

/** The aspect the example writes back: the EV example's smallest. */
const EXAMPLE_ASPECT = 'SupplyChainDueDiligence';

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const putDppAspectDocs = /* @__PURE__ */ describeRoute(putDppAspectRoute, () => ({
  tag: 'DPP authoring',
  summary: 'Replace an aspect’s document of a profiled DPP of the company',
  description:
    'The body (`application/json`, at most 64 KiB) is the whole new document of the aspect (an aspect id of the ' +
    'DPP’s profile, `GET /profiles/{profileId}`: for the battery passport, `GeneralProductInformation`, ' +
    '`PerformanceAndDurability`, …), in the profile’s JSON form (for the battery passport, the Battery Pass 1.2.0 ' +
    'form). It is validated whole against the profile’s attributes (docs/profiles.md, Validating a document): every ' +
    'problem answers 400 `INVALID_ASPECT` at once and nothing is stored. A field no attribute of the profile has ' +
    'is refused, except the source schema’s fields the profile lists as `unmapped`, which are taken as they are. ' +
    'The write is conditional on the DPP as read (another aspect write in between makes it start again); each ' +
    'dynamic attribute it changes is recorded in the history (`GET /dpps/{dppId}/aspects-history`). A published ' +
    'DPP must stay complete. Answers the document as stored.',
  response: v.record(v.string(), v.unknown()),
  errors: aspectWriteErrors,
  // Acme's sample-event battery passport (published, complete): its due-diligence document as the EV example has it
  // (from the example's data: no code names a sector's field, test/lib/profiles/no-sector-in-code.test.ts).
  example: {
    params: { dppId: SAMPLE_BATTERY_DPP, aspect: EXAMPLE_ASPECT },
    json: ev.aspects[EXAMPLE_ASPECT],
    status: 200,
  },
}));
