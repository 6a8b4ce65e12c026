import { updatePassportInput } from '../../passport-api/update-passport';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { documentWrite, invalid } from '../errors';
import { en18222Passport } from '../views';

export const updatePassportRoute = defineRoute({
  method: 'PATCH',
  path: '/v1/dpps/{dppId}',
  fn: 'update-passport',
  auth: 'jwt',
  access: { table: 'write', bucket: ['put', 'delete'], cdn: true, links: true },
  body: 'json',
  mediaTypes: ['application/merge-patch+json', 'application/json'],
  input: updatePassportInput,
  errors: documentWrite,
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const updatePassportDocs = /* @__PURE__ */ describeRoute(updatePassportRoute, () => ({
  tag: 'EN 18222 passport API',
  summary: 'UpdateDPPById: change a passport of the company with a JSON Merge Patch, archived as a new version',
  description:
    'EN 18222’s UpdateDPPById: a JSON Merge Patch (RFC 7396; `application/merge-patch+json`, or `application/json`) ' +
    'of the passport as the company reads it. It may change `dppStatus` (`active` publishes, a profiled passport only ' +
    'when complete; `draft` withdraws it), `facilityId` (a GLN; `null` gives the template’s back) and `elements`: ' +
    '`name`, `description`, `type`, `language`, `commodityCode` (`null` gives the template’s back) and `aspects`, ' +
    'whose member is a merge patch of that aspect’s document (`null` empties it), validated against the profile. A ' +
    'patch changes the passport’s fields or one aspect: both, or two aspects, is 400 naming `elements.aspects`. The ' +
    'change goes through the same rules as `PUT /dpps/{dppId}` and `PATCH /dpps/{dppId}/aspects/{aspect}` and is ' +
    'archived as a new version (EN 18221) in the same transaction: both land or neither does, so an error wrote ' +
    'nothing. The answer is the passport as changed, with that version.',
  response: en18222Passport,
  errors: {
    invalid: invalid(
      'A member that is not one you can change, or an invalid value (`VALIDATION_ERROR`, naming it in `details`), an ' +
        'aspect document the profile refuses (`INVALID_ASPECT`), a patch of the fields and an aspect at once, or ' +
        'a DPP whose change and version would not fit one transaction (`TOO_MANY_FILES`: more than 95 files, or its files and the history entries of the change past 100 items). Nothing is written',
    ),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`), or its profile has no such aspect',
    conflict:
      'Publishing an incomplete profiled passport, or taking a mandatory attribute from a published one (`INCOMPLETE`); a ' +
      'ceased passport (`DPP_CEASED`); an aspect of a DPP without a profile (`PROFILE_REQUIRED`); or other requests changed it meanwhile (`CONCURRENT_CHANGE`)',
    too_large: 'The body or an aspect’s document is too large',
    unsupported_media_type: 'A body that is not `application/merge-patch+json` or `application/json`',
  },
  example: {
    params: { dppId: DPP },
    headers: { 'content-type': 'application/merge-patch+json' },
    json: { elements: { description: 'The passport the sample events read and change (rev. 3)' } },
    status: 200,
  },
}));
