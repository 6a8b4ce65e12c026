import * as v from 'valibot';
import { issueTokenInput } from '../../companies/api-keys/issue-token';
import { defineRoute } from '../contract';
import { ADMIN_WALLET } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';

export const generateJwtRoute = defineRoute({
  method: 'GET',
  path: '/generateJWT/{api_key}/{wallet_address}',
  fn: 'generate-jwt',
  auth: 'public',
  access: { table: 'read', signingKey: true },
  input: issueTokenInput,
  errors: {
    invalid: 400,
    unauthenticated: 401,
    ...unavailable,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const generateJwtDocs = /* @__PURE__ */ describeRoute(generateJwtRoute, () => ({
  tag: 'Token',
  summary: "Issue a JWT for an API key and a wallet of the key's company",
  description:
    "An ES256 token valid one hour, for a wallet of a user of the API key's company. Unknown, disabled and " +
    'mismatched keys all answer the same 401, so neither keys nor wallets can be enumerated.',
  // docs/spec/decisions.md: an ES256 JWT, in compact serialization.
  response: v.strictObject({ authToken: v.pipe(v.string(), v.jwsCompact()) }),
  errors: {
    invalid: invalid(
      '`wallet_address` is not a 0x-prefixed 20-byte hex address, or `api_key` is not 1-256 letters, digits, -, ., _ or ~',
    ),
    unauthenticated: 'invalid API key: unknown, disabled, or the wallet is not of its company',
  },
  example: {
    params: { api_key: 'demo-acme-api-key', wallet_address: ADMIN_WALLET },
    status: 200,
  },
}));
