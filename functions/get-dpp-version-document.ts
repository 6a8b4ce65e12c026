import { getDppVersionDocumentRoute } from '../lib/api/routes/get-dpp-version-document';
import { publicEndpoint } from '../lib/http/endpoint';
import { okJsonText } from '../lib/http/response';
import { getVersionDocument } from '../lib/versions/get-version-document';

export const handler = publicEndpoint(getDppVersionDocumentRoute, async ({ input }) =>
  okJsonText(await getVersionDocument(input), { 'cache-control': 'public, max-age=31536000, immutable' }),
);
