import { acceptInvitationRoute } from '../lib/api/routes/accept-invitation';
import { publicJsonEndpoint } from '../lib/http/json-endpoint';
import { acceptInvitation } from '../lib/invitations/accept-invitation';

export const handler = publicJsonEndpoint(acceptInvitationRoute, ({ input }) => acceptInvitation(input));
