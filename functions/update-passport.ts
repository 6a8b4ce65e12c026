import { updatePassportRoute } from '../lib/api/routes/update-passport';
import { jwtDocumentEndpoint } from '../lib/http/document-endpoint';
import { MAX_ASPECT_BYTES } from '../lib/limits';
import { updatePassport } from '../lib/passport-api/update-passport';

export const handler = jwtDocumentEndpoint(updatePassportRoute, MAX_ASPECT_BYTES, ({ auth, input }) =>
  updatePassport(auth, input),
);
