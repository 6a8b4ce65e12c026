import * as v from 'valibot';
import { viewInvitationInput } from '../../pages/view-invitation';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { HTML_ERRORS } from '../html-errors';

export const getInvitationPageRoute = defineRoute({
  method: 'GET',
  path: '/accept-invitation',
  fn: 'get-invitation-page',
  auth: 'public',
  access: { table: 'read' },
  input: viewInvitationInput,
  errors: { invalid: 400, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getInvitationPageDocs = /* @__PURE__ */ describeRoute(getInvitationPageRoute, () => ({
  tag: 'Invitations',
  summary: 'The invitation page: where the link of an invitation e-mail lands (HTML)',
  description:
    'Opening it accepts nothing (mail scanners and link previews open links too). A pending invitation shows the ' +
    'invited e-mail and its expiry, and a button that POSTs ' +
    '`{invitationId}` to `POST /accept-invitation` with a small script the page’s CSP allows by hash, and shows ' +
    'the answer; with JavaScript off the page says how to accept instead (docs/choices.md, Passport page). An ' +
    'accepted or expired invitation says so (200, no button); an unknown one is **404**, an HTML page too. ' +
    '`Cache-Control: no-store`: the id is the secret. One GetItem.',
  response: v.string(),
  answers: [
    { status: 200, contentType: 'text/html', description: 'The invitation page' },
    { status: 404, contentType: 'text/html', description: 'No invitation with this id: a page that says so' },
    ...HTML_ERRORS.slice(0, 1),
  ],
  errors: { invalid: invalid('`invitationId` is missing or not an invitation id') },
  example: { query: { invitationId: 'QhgyT_gJIgJ02FsEXjfnfw' }, status: 200 },
}));
