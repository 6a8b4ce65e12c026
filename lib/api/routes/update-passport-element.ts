import { updateElementInput } from '../../passport-api/update-element';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { en18222Passport } from '../views';

export const updatePassportElementRoute = defineRoute({
  method: 'PUT',
  path: '/v1/dpps/{dppId}/elements/{elementPath+}',
  fn: 'update-passport-element',
  auth: 'jwt',
  access: { table: 'write', bucket: ['put', 'delete'], cdn: true, links: true },
  body: 'json',
  input: updateElementInput,
  errors: { invalid: 400, not_found: 404, conflict: 409, too_large: 413, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const updatePassportElementDocs = /* @__PURE__ */ describeRoute(updatePassportElementRoute, () => ({
  tag: 'EN 18222 passport API',
  summary: 'UpdateDataElement: replace one data element of a passport of the company, archived as a new version',
  description:
    'EN 18222’s UpdateDataElement. JSON `{ "value": … }` replaces the element at `elementPath` (a greedy path ' +
    'parameter, segments separated by `/`): `name`, `description`, `type`, `language` or `commodityCode` (`null` ' +
    'gives the template’s back), under `PUT /dpps/{dppId}`’s rules; or `aspects/<aspect>` (the aspect’s whole ' +
    'document) or any member in it (`aspects/<aspect>/<member>/…`, an array’s index among its items or just past ' +
    'them), validated against the profile as `PUT /dpps/{dppId}/aspects/{aspect}` validates. Any other path is 400 ' +
    'naming `elementPath`. The change is archived as a new version (EN 18221) in the same transaction: both land or ' +
    'neither does. The answer is the passport as changed, with that version.',
  response: en18222Passport,
  errors: {
    invalid: invalid(
      'An element you cannot change (`elementPath`), an invalid `value` (`VALIDATION_ERROR`, naming it), or an aspect ' +
        'document the profile refuses (`INVALID_ASPECT`), or a DPP whose change and version would not fit one transaction (`TOO_MANY_FILES`: more than 95 files, or its files and the history entries of the change past 100 items). Nothing is written',
    ),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`), or its profile has no such aspect',
    conflict:
      'Taking a mandatory attribute from a published passport (`INCOMPLETE`), a ceased one (`DPP_CEASED`), an aspect of a DPP without a profile (`PROFILE_REQUIRED`), or a concurrent change (`CONCURRENT_CHANGE`)',
    too_large: 'The body or the aspect’s document is too large',
  },
  example: {
    params: { dppId: DPP, elementPath: 'description' },
    json: { value: 'The passport the sample events read and change (rev. 4)' },
    status: 200,
  },
}));
