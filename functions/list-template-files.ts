import { listTemplateFilesRoute } from '../lib/api/routes/list-template-files';
import { jwtEndpoint } from '../lib/http/endpoint';
import { listTemplateFiles } from '../lib/templates/list-template-files';

export const handler = jwtEndpoint(listTemplateFilesRoute, ({ auth, input }) => listTemplateFiles(auth, input));
