import { updateTemplateFileRoute } from '../lib/api/routes/update-template-file';
import { jwtMultipartEndpoint } from '../lib/http/multipart-endpoint';
import { updateTemplateFile } from '../lib/templates/update-template-file';

export const handler = jwtMultipartEndpoint(updateTemplateFileRoute, ({ auth, input }) =>
  updateTemplateFile(auth, input),
);
