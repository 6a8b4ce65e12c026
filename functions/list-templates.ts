import { listTemplatesRoute } from '../lib/api/routes/list-templates';
import { jwtEndpoint } from '../lib/http/endpoint';
import { listTemplates } from '../lib/templates/list-templates';

export const handler = jwtEndpoint(listTemplatesRoute, ({ auth, input }) => listTemplates(auth, input));
