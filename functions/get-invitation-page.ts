import { getInvitationPageRoute } from '../lib/api/routes/get-invitation-page';
import { publicPageEndpoint } from '../lib/http/page-endpoint';
import { raw } from '../lib/http/response';
import { viewInvitation } from '../lib/pages/view-invitation';

export const handler = publicPageEndpoint(getInvitationPageRoute, async ({ input }) => {
  const { status, html, headers } = await viewInvitation(input);
  return raw(status, headers, html);
});
