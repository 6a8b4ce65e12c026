import { getInvitationPageRoute } from '../lib/api/routes/get-invitation-page';
import { uncachedPage } from '../lib/http/html';
import { publicPageEndpoint } from '../lib/http/page-endpoint';
import { viewInvitation } from '../lib/pages/view-invitation';

export const handler = publicPageEndpoint(getInvitationPageRoute, async ({ input }) =>
  uncachedPage(await viewInvitation(input)),
);
