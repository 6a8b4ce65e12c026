import * as v from 'valibot';
import { getCompanyDppInput } from '../../dpps/get-company-dpp';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { companyDpp } from '../views';

export const getCompanyDppRoute = defineRoute({
  method: 'GET',
  path: '/dpps/{dppId}',
  fn: 'get-company-dpp',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'] },
  input: getCompanyDppInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getCompanyDppDocs = /* @__PURE__ */ describeRoute(getCompanyDppRoute, () => ({
  tag: 'DPP authoring',
  summary: 'View a DPP of the company with everything under it',
  description:
    'The internal view, untranslated: every field of the DPP (`code`, `search_id`, `template_id`, `language`, ' +
    '`version_count`, `related_dpps`, …), its images and files with signed URLs (15 minutes), its tech cards with ' +
    'their characteristics, and the languages of its stored translations. One read of the DPP’s item collection.',
  response: v.strictObject({ dpp: companyDpp }),
  errors: {
    invalid: invalid('`dppId` is malformed'),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
  },
  example: {
    params: { dppId: DPP },
    status: 200,
  },
}));
