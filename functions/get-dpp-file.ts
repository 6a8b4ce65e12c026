import { getDppFileRoute } from '../lib/api/routes/get-dpp-file';
import { getDppFile } from '../lib/dpp-files/get-dpp-file';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(getDppFileRoute, ({ auth, input }) => getDppFile(auth, input));
