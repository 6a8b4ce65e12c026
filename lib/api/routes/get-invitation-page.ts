import * as v from 'valibot';
import { invitationPageInput } from '../../pages/invitation-page';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid } from '../errors';
import { HTML_ERRORS } from '../html-errors';

export const getInvitationPageRoute = defineRoute({
  method: 'GET',
  path: '/accept-invitation',
  fn: 'get-invitation-page',
  auth: 'public',
  access: {},
  input: invitationPageInput,
  errors: { invalid: 400 },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getInvitationPageDocs = /* @__PURE__ */ describeRoute(getInvitationPageRoute, () => ({
  tag: 'Invitations',
  summary: 'The invitation page: where the link of an invitation e-mail lands (HTML)',
  description:
    'Opening it accepts nothing (mail scanners and link previews open links too). Its button POSTs ' +
    '`{invitationId}` to `POST /accept-invitation` with a small script the page’s CSP allows by hash, and shows ' +
    'the answer; with JavaScript off the page says how to accept instead (docs/choices.md, Passport page). ' +
    '`Cache-Control: no-store`: the id is the secret.',
  response: v.string(),
  answers: [{ status: 200, contentType: 'text/html', description: 'The invitation page' }, ...HTML_ERRORS.slice(0, 1)],
  errors: { invalid: invalid('`invitationId` is missing or not an invitation id') },
  example: { query: { invitationId: 'QhgyT_gJIgJ02FsEXjfnfw' }, status: 200 },
}));
