import { getInvitationPageRoute } from '../lib/api/routes/get-invitation-page';
import { uncachedPage } from '../lib/http/html';
import { invitationPageEndpoint } from '../lib/http/page-endpoint';
import { viewInvitation } from '../lib/pages/view-invitation';

export const handler = invitationPageEndpoint(getInvitationPageRoute, async ({ input }) =>
  uncachedPage(await viewInvitation(input)),
);
