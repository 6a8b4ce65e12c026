import { getInvitationPageRoute } from '../lib/api/routes/get-invitation-page';
import { publicPageEndpoint } from '../lib/http/page-endpoint';
import { raw } from '../lib/http/response';
import { invitationPage } from '../lib/pages/invitation-page';

export const handler = publicPageEndpoint(getInvitationPageRoute, async ({ input }) => {
  const { html, headers } = invitationPage(input);
  return raw(200, headers, html);
});
