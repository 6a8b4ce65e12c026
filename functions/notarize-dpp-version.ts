import { notarizeDppVersionRoute } from '../lib/api/routes/notarize-dpp-version';
import { idempotentMultipartEndpoint } from '../lib/http/multipart-endpoint';
import { notarizeDppVersion } from '../lib/notarizations/notarize-version';

export const handler = idempotentMultipartEndpoint(notarizeDppVersionRoute, ({ auth, input }) =>
  notarizeDppVersion(auth, input),
);
