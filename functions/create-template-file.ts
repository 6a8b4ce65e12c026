import { createTemplateFileRoute } from '../lib/api/routes/create-template-file';
import { idempotentMultipartEndpoint } from '../lib/http/multipart-endpoint';
import { createTemplateFile } from '../lib/templates/create-template-file';

export const handler = idempotentMultipartEndpoint(createTemplateFileRoute, ({ auth, input }) =>
  createTemplateFile(auth, input),
);
