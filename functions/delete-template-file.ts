import { deleteTemplateFileRoute } from '../lib/api/routes/delete-template-file';
import { jwtEndpoint } from '../lib/http/endpoint';
import { deleteTemplateFile } from '../lib/templates/delete-template-file';

export const handler = jwtEndpoint(deleteTemplateFileRoute, ({ auth, input }) => deleteTemplateFile(auth, input));
