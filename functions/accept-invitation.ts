import { acceptInvitationRoute } from '../lib/api/routes/accept-invitation';
import { endpoint } from '../lib/http/endpoint';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';
import { acceptInvitation } from '../lib/invitations/accept-invitation';

export const handler = endpoint(acceptInvitationRoute, async ({ input }) => ok(await acceptInvitation(input)), {
  body: jsonBody(),
});
