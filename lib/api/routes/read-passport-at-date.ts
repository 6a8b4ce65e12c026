import { readPassportAtDateInput } from '../../passport-api/read-passport-at-date';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { en18222Passport } from '../views';

export const readPassportAtDateRoute = defineRoute({
  method: 'GET',
  path: '/v1/dppsByIdAndDate/{dppId}',
  fn: 'read-passport-at-date',
  auth: 'public',
  access: { table: 'update', links: true },
  input: readPassportAtDateInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const readPassportAtDateDocs = /* @__PURE__ */ describeRoute(readPassportAtDateRoute, () => ({
  tag: 'EN 18222 passport API',
  summary: 'ReadDPPVersionByIdAndDate: a published passport as it was at an instant, with its version’s hash',
  description:
    'EN 18222’s ReadDPPVersionByIdAndDate (EN 18221: any point in time retrievable). `date` is an ISO 8601 date and ' +
    'time with its offset. The answer is the version current then (the newest taken at or before it; every change ' +
    'through this API takes one), read from what it froze at the reader’s tier (public, or an access grant’s: ' +
    '`x-dpp-access` or `?access=`, logged), with `version`: its number, `hash` (the SHA-256 of its canonical ' +
    'document, what its `uri` serves and a notarization anchors) and `uri`. The header’s `lastUpdate` is the ' +
    'version’s; its status, operator and facility are today’s. `full` adds the version’s `files` and `cards`.',
  response: en18222Passport,
  responseHeaders: { vary: '`x-dpp-access`' },
  errors: {
    invalid: invalid(
      '`dppId` is malformed, `date` is missing or not an ISO 8601 date and time with its offset, or an unknown query parameter',
    ),
    not_found:
      'No DPP with this id or one not published (`DPP_NOT_FOUND`), or it had no version yet at `date` (`VERSION_NOT_FOUND`)',
  },
  example: { params: { dppId: DPP }, query: { date: '2030-01-01T00:00:00Z' }, status: 200 },
}));
