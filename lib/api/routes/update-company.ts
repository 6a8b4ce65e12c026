import { updateCompanyInput } from '../../companies/update-company';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { companyResponse } from './get-company';

export const updateCompanyRoute = defineRoute({
  method: 'PUT',
  path: '/company',
  fn: 'update-company',
  auth: 'jwt',
  access: { table: 'write' },
  body: 'json',
  input: updateCompanyInput,
  errors: { invalid: 400, forbidden: 403, not_found: 404, too_large: 413, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const updateCompanyDocs = /* @__PURE__ */ describeRoute(updateCompanyRoute, () => ({
  tag: 'Company',
  summary: "Set the caller's company's economic operator id (EORI number or LEI)",
  description:
    'JSON `{economic_operator_id}`: the company’s EORI number (a member state’s code and up to 15 letters or ' +
    'digits) or its LEI (20 characters whose ISO 17442 check digits are right), taken in any case and stored in ' +
    'capitals; `null` removes it. It is the `reoId` of every EU registry record of the company’s passports ' +
    '(`GET /dpps/{dppId}/registry-record`), so the company’s next `POST /registry-exports` takes every passport ' +
    'again. An admin of the company only. Answers the company as `GET /company` does.',
  response: companyResponse,
  errors: {
    invalid: invalid(
      'A missing, malformed or unknown field (`VALIDATION_ERROR`, with `details`), or a body that is not a JSON ' +
        'object. Nothing is written',
    ),
    forbidden: 'The caller is not an admin of the company (`NOT_ADMIN`). Nothing is written',
    not_found: "The token's company does not exist any more (`COMPANY_NOT_FOUND`)",
    too_large: 'The body exceeds 256 KiB',
  },
  example: { json: { economic_operator_id: 'IT11111110018' }, status: 200 },
}));
