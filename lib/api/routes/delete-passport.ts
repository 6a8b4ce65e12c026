import { deletePassportInput } from '../../passport-api/delete-passport';
import { defineRoute } from '../contract';
import { SAMPLE_BATTERY_DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { en18222Passport } from '../views';

export const deletePassportRoute = defineRoute({
  method: 'DELETE',
  path: '/v1/dpps/{dppId}',
  fn: 'delete-passport',
  auth: 'jwt',
  access: { table: 'write', bucket: ['put', 'delete'], cdn: true, links: true },
  input: deletePassportInput,
  errors: { invalid: 400, not_found: 404, conflict: 409, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const deletePassportDocs = /* @__PURE__ */ describeRoute(deletePassportRoute, () => ({
  tag: 'EN 18222 passport API',
  summary: 'DeleteDPPById: archive a passport of the company; no version is ever destroyed',
  description:
    'EN 18222’s DeleteDPPById archives: the passport is withdrawn from the public (its public routes answer it like ' +
    'an unknown DPP, the CDN drops what it kept), its `dppStatus` becomes `archived`, and a new version archives it ' +
    'as it stands (EN 18221), all in one transaction. Every version, version document and file stays: the company still lists and reads ' +
    'them, and `PATCH /v1/dpps/{dppId}` with `dppStatus: "active"` publishes it again. Answers the archived passport ' +
    'with that version.',
  response: en18222Passport,
  errors: {
    invalid: invalid('A malformed `dppId`, or a DPP with more files than a version holds (`TOO_MANY_FILES`)'),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
    conflict: 'Other requests changed it during every attempt to archive it (`CONCURRENT_CHANGE`): retry',
  },
  example: { params: { dppId: SAMPLE_BATTERY_DPP }, status: 200 },
}));
