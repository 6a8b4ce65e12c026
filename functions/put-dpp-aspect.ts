import { putDppAspectRoute } from '../lib/api/routes/put-dpp-aspect';
import { putAspect } from '../lib/dpp-aspects/put-aspect';
import { jwtDocumentEndpoint } from '../lib/http/document-endpoint';
import { MAX_ASPECT_BYTES } from '../lib/limits';

export const handler = jwtDocumentEndpoint(putDppAspectRoute, MAX_ASPECT_BYTES, ({ auth, input }) =>
  putAspect(auth, input),
);
