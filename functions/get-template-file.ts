import { getTemplateFileRoute } from '../lib/api/routes/get-template-file';
import { jwtEndpoint } from '../lib/http/endpoint';
import { getTemplateFile } from '../lib/templates/get-template-file';

export const handler = jwtEndpoint(getTemplateFileRoute, ({ auth, input }) => getTemplateFile(auth, input));
