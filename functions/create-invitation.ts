import { createInvitationRoute } from '../lib/api/routes/create-invitation';
import { endpoint } from '../lib/http/endpoint';
import { bearerAuth } from '../lib/http/middleware/auth';
import { idempotency } from '../lib/http/middleware/idempotency';
import { jsonBody } from '../lib/http/middleware/json-body';
import { ok } from '../lib/http/response';
import { createInvitation } from '../lib/invitations/create-invitation';

export const handler = endpoint(
  createInvitationRoute,
  async ({ auth, input }) => ok(await createInvitation(auth, input)),
  {
    auth: bearerAuth(),
    body: jsonBody(),
    idempotency: idempotency(),
  },
);
