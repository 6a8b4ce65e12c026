import { createTemplateRoute } from '../lib/api/routes/create-template';
import { idempotentJsonEndpoint } from '../lib/http/json-endpoint';
import { createTemplate } from '../lib/templates/create-template';

export const handler = idempotentJsonEndpoint(createTemplateRoute, ({ auth, input }) => createTemplate(auth, input));
