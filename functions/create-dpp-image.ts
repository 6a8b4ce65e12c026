import { createDppImageRoute } from '../lib/api/routes/create-dpp-image';
import { createDppImage } from '../lib/dpp-images/create-dpp-image';
import { idempotentMultipartEndpoint } from '../lib/http/multipart-endpoint';

export const handler = idempotentMultipartEndpoint(createDppImageRoute, ({ auth, input }) =>
  createDppImage(auth, input),
);
