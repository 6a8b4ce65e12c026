import { createInvitationRoute } from '../lib/api/routes/create-invitation';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';
import { createInvitation } from '../lib/invitations/create-invitation';

export const handler = idempotentJsonEndpoint(createInvitationRoute, ({ auth, input }) =>
  createInvitation(auth, input),
);
