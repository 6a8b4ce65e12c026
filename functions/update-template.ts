import { updateTemplateRoute } from '../lib/api/routes/update-template';
import { jwtJsonEndpoint } from '../lib/http/json-endpoint';
import { updateTemplate } from '../lib/templates/update-template';

export const handler = jwtJsonEndpoint(updateTemplateRoute, ({ auth, input }) => updateTemplate(auth, input));
