import { getDidDocumentRoute } from '../lib/api/routes/get-did-document';
import { DID_JSON_TYPE, getDidDocument } from '../lib/credentials/did-document';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = publicEndpoint(getDidDocumentRoute, async () =>
  ok(await getDidDocument(), { 'content-type': DID_JSON_TYPE, 'cache-control': 'public, max-age=300' }),
);
