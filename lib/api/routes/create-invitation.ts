import * as v from 'valibot';
import { createInvitationInput } from '../../invitations/create-invitation';
import { defineRoute } from '../contract';
import { ACME } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { message } from '../views';

export const createInvitationRoute = defineRoute({
  method: 'POST',
  path: '/create-invitation',
  fn: 'create-invitation',
  auth: 'jwt',
  access: { table: 'write', email: true, links: true },
  body: 'json',
  idempotent: true,
  input: createInvitationInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createInvitationDocs = /* @__PURE__ */ describeRoute(createInvitationRoute, () => ({
  tag: 'Invitations',
  summary: 'Invite a new member to the company by e-mail',
  description:
    "Only an admin of the token's company may invite. `email`, `password` and `wallet_address` are required; " +
    "`company_id`, when sent, must be the token's company. `password` is hashed with scrypt on receipt and never " +
    'stored, logged or returned as sent; `encrypted_wallet` is kept as an opaque string; `status` is ignored (the ' +
    'invitation is PENDING). A mixed-case `wallet_address` must carry a valid EIP-55 checksum. `operator_id` names a ' +
    'non-official operator of the company who becomes a member by accepting. ' +
    'Members and pending invitations share the member limit: 5, or what the company plan allows; the seat is taken ' +
    'in the same transaction as the invitation, so the limit holds under concurrent requests. An invitation expires ' +
    'after 7 days; an expired one gives its seat, e-mail and wallet back when a later invitation needs them. ' +
    'The e-mail (HTML and text) carries the accept link `<public base URL>/accept-invitation?invitationId=<id>` (the id: ' +
    '128 random bits, base64url); a client POSTs that id to `/accept-invitation`. The invitation is stored first and ' +
    'the e-mail sent after: when SES fails, the invitation is withdrawn and its seat given back, and the answer is ' +
    '503. With `Idempotency-Key`, the password is left out of the request fingerprint (it is kept 24 hours): a retry ' +
    'that differs only in the password answers the first answer.',
  response: v.strictObject(message),
  errors: {
    invalid: invalid(
      'A required field is missing or a field is invalid (e-mail, EVM address or its checksum, password of 8-128 ' +
        'characters); a member or a pending invitation of the company already has this e-mail (`EMAIL_TAKEN`) or ' +
        'wallet (`WALLET_TAKEN`); `operator_id` is not a non-official operator of the company',
    ),
    forbidden:
      'Member limit exceeded (`MEMBER_LIMIT_EXCEEDED`); the token is not of an admin (`NOT_ADMIN`); `company_id` ' +
      "is not the token's company (`COMPANY_MISMATCH`)",
  },
  // Invites test-mnemonic account 12 (no demo user) by e-mail; a second run of the same sample is 400 EMAIL_TAKEN.
  example: {
    json: {
      email: 'sample.invitee@acme.example',
      password: 'sample-password',
      area: 'Sales',
      status: 'PENDING',
      encrypted_wallet: 'opaque-encrypted-wallet',
      wallet_address: '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a',
      company_id: ACME,
      index: 0,
    },
    status: 200,
  },
}));
