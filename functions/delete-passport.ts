import { deletePassportRoute } from '../lib/api/routes/delete-passport';
import { jwtEndpoint } from '../lib/http/endpoint';
import { deletePassport } from '../lib/passport-api/delete-passport';

export const handler = jwtEndpoint(deletePassportRoute, ({ auth, input }) => deletePassport(auth, input));
