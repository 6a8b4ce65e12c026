import { getDidDocumentRoute } from '../lib/api/routes/get-did-document';
import { getDidDocument } from '../lib/credentials/did-document';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = publicEndpoint(getDidDocumentRoute, async () =>
  ok(await getDidDocument(), { 'cache-control': 'public, max-age=300' }),
);
