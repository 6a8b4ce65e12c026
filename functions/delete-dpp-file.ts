import { deleteDppFileRoute } from '../lib/api/routes/delete-dpp-file';
import { deleteDppFile } from '../lib/dpp-files/delete-dpp-file';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(deleteDppFileRoute, ({ auth, input }) => deleteDppFile(auth, input));
