import { patchDppAspectRoute } from '../lib/api/routes/patch-dpp-aspect';
import { patchAspect } from '../lib/dpp-aspects/patch-aspect';
import { jwtDocumentEndpoint } from '../lib/http/document-endpoint';
import { MAX_ASPECT_BYTES } from '../lib/limits';

export const handler = jwtDocumentEndpoint(patchDppAspectRoute, MAX_ASPECT_BYTES, ({ auth, input }) =>
  patchAspect(auth, input),
);
