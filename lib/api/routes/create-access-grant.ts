import * as v from 'valibot';
import { createAccessGrantInput, MAX_GRANT_DAYS } from '../../access-grants/create-access-grant';
import { defineRoute } from '../contract';
import { DPP, OPERATOR } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { accessGrant, signedUrl } from '../views';

export const createAccessGrantRoute = defineRoute({
  method: 'POST',
  path: '/dpps/{dppId}/access-grants',
  fn: 'create-access-grant',
  auth: 'jwt',
  access: { table: 'write', email: true, links: true },
  body: 'json',
  input: createAccessGrantInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    not_found: 404,
    too_large: 413,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createAccessGrantDocs = /* @__PURE__ */ describeRoute(createAccessGrantRoute, () => ({
  tag: 'Access grants',
  summary: 'Let one reader see the restricted parts of a DPP',
  status: 201,
  description:
    'Only an admin of the company may share (a member: 403 `NOT_ADMIN`; the role is checked again in the ' +
    'transaction that stores the grant). JSON `{tier, audience, expires_in_days}`: `tier` `legitimate_interest` (repairers, recyclers, second-life ' +
    'operators) or `authority` (notified bodies, market surveillance, the Commission), which also shows ' +
    `\`legitimate_interest\` parts; \`expires_in_days\` 1-${MAX_GRANT_DAYS}; \`audience\` a non-official operator's id ` +
    'of the company (who is e-mailed the link through SES) or an e-mail address (the company hands the link over). ' +
    '`link` opens the passport page at the tier, `json_link` the JSON (`GET /dpp/{dppId}`; the value of `access` ' +
    'also works as the `x-dpp-access` header). They hold the grant’s secret, shown this once: only its SHA-256 is ' +
    'stored. Every read through the grant is logged (`GET /dpps/{dppId}/access-log`). A failed e-mail answers 503 ' +
    'and the grant stays (listed, revocable).',
  response: v.strictObject({ grant: accessGrant, link: signedUrl, json_link: signedUrl, emailed: v.boolean() }),
  errors: {
    invalid: invalid('An invalid tier, audience or duration, or a body that is not a JSON object'),
    forbidden: 'The token is not of an admin of the company (`NOT_ADMIN`)',
    not_found:
      'No DPP with this id in the company of the token (`DPP_NOT_FOUND`), or no non-official operator with this id ' +
      'in it (`OPERATOR_NOT_FOUND`)',
    too_large: 'The body exceeds 256 KiB',
  },
  example: {
    params: { dppId: DPP },
    json: { tier: 'legitimate_interest', audience: OPERATOR, expires_in_days: 30 },
    status: 201,
  },
}));
