import * as v from 'valibot';
import { getCompanyDppInput } from '../../dpps/get-company-dpp';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { companyDpp } from '../views';

export const getCompanyDppRoute = defineRoute({
  method: 'GET',
  path: '/dpps/{dppId}',
  fn: 'get-company-dpp',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'] },
  tag: 'DPP authoring',
  summary: 'View a DPP of the company with everything under it',
  description:
    'The internal view, untranslated: every field of the DPP (`code`, `search_id`, `template_id`, `language`, ' +
    '`version_count`, `related_dpps`, …), its images and files with signed URLs (15 minutes), its tech cards with ' +
    'their characteristics, and the languages of its stored translations. One read of the DPP’s item collection.',
  input: getCompanyDppInput,
  response: v.strictObject({ dpp: companyDpp }),
  errors: {
    invalid: invalid('`dppId` is malformed'),
    not_found: { status: 404, description: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)' },
    ...authenticated,
  },
});
