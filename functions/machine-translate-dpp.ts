import { machineTranslateDppRoute } from '../lib/api/routes/machine-translate-dpp';
import { machineTranslateDpp } from '../lib/dpps/machine-translate-dpp';
import { jwtEndpoint } from '../lib/http/endpoint';

export const handler = jwtEndpoint(machineTranslateDppRoute, ({ auth, input }) => machineTranslateDpp(auth, input));
