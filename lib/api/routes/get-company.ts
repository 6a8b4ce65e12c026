import * as v from 'valibot';
import { getCompanyInput } from '../../companies/get-company';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { authenticated, takesNothing } from '../errors';
import { timestamp } from '../views';

export const getCompanyRoute = defineRoute({
  method: 'GET',
  path: '/company',
  fn: 'get-company',
  auth: 'jwt',
  access: { table: 'read' },
  input: getCompanyInput,
  errors: { invalid: 400, not_found: 404, ...authenticated },
});

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The company as GET and PUT /company answer it. */
export const companyResponse = v.strictObject({
  company: v.strictObject({
    id: v.string(),
    name: v.string(),
    country_code: v.string(),
    /** Its EORI number or LEI (lib/identifiers.ts), or null before it is set (PUT /company). */
    economic_operator_id: v.nullable(v.string()),
    plan: v.nullable(v.strictObject({ code: v.string(), subscribed_at: timestamp })),
    member_limit: count,
    seats_used: count,
    kyb_status: v.nullable(v.picklist(['PENDING', 'VERIFIED', 'REJECTED'])),
  }),
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getCompanyDocs = /* @__PURE__ */ describeRoute(getCompanyRoute, () => ({
  tag: 'Company',
  summary: "View the caller's company: its plan, member limit, seats used and KYB status",
  description:
    "The token's company. `plan` is the promotion code it subscribed with and when (POST " +
    '/discount-subscription), or null; `member_limit` the members it may have (the plan raises it); ' +
    '`seats_used` its members plus pending invitations; `kyb_status` the status of its last KYB check ' +
    '(POST /verify-business), or null before the first; `economic_operator_id` its EORI number or LEI ' +
    '(`PUT /company`), or null.',
  response: companyResponse,
  errors: {
    invalid: takesNothing,
    not_found: "The token's company does not exist any more (`COMPANY_NOT_FOUND`)",
  },
  example: { status: 200 },
}));
