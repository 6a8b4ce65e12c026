import { deleteAccessGrant } from '../lib/access-grants/delete-access-grant';
import { deleteAccessGrantRoute } from '../lib/api/routes/delete-access-grant';
import { jwtEndpoint } from '../lib/http/endpoint';
import { raw } from '../lib/http/response';

export const handler = jwtEndpoint(deleteAccessGrantRoute, async ({ auth, input }) =>
  raw(204, {}, await deleteAccessGrant(auth, input).then(() => '')),
);
