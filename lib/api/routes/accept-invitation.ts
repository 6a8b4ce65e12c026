import * as v from 'valibot';
import { acceptInvitationInput } from '../../invitations/accept-invitation';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { message } from '../views';

export const acceptInvitationRoute = defineRoute({
  method: 'POST',
  path: '/accept-invitation',
  fn: 'accept-invitation',
  // docs/spec/decisions.md, Authentication: the invitation id, 128 random bits, is the secret.
  auth: 'public',
  access: { table: 'write' },
  body: 'json',
  input: acceptInvitationInput,
  errors: {
    invalid: 400,
    ...unavailable,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const acceptInvitationDocs = /* @__PURE__ */ describeRoute(acceptInvitationRoute, () => ({
  tag: 'Invitations',
  summary: 'Accept an invitation: creates the user, the wallet and the membership',
  description:
    'Public: the invitation id is the secret. One transaction creates the user (a member of the company, role ' +
    '`member`) and the wallet, so `GET /generateJWT/{api_key}/{wallet_address}` then issues a token for the ' +
    "company's API key and the invited wallet, and marks the invitation ACCEPTED. With an `operator_id` the " +
    "operator becomes an official member under the operator's id. Accepting again answers 400: no Idempotency-Key " +
    'is needed (keys are per company, and this route has no token).',
  response: v.strictObject(message),
  errors: {
    invalid: invalid(
      'The invitation is unknown (`INVITATION_NOT_FOUND`), expired (`INVITATION_EXPIRED`) or already accepted ' +
        '(`INVITATION_ALREADY_ACCEPTED`); its wallet already belongs to a user (`WALLET_TAKEN`); its operator is no ' +
        'longer a non-official operator of the company; `invitationId` is missing or not an invitation id. Nothing is written',
    ),
  },
  // The demo data's pending invitation (made when the seed runs): accepting it makes its invitee a member.
  example: {
    json: { invitationId: 'QhgyT_gJIgJ02FsEXjfnfw' },
    status: 200,
  },
}));
