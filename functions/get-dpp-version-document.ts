import { getDppVersionDocumentRoute } from '../lib/api/routes/get-dpp-version-document';
import { publicEndpoint } from '../lib/http/endpoint';
import { answerVersionUri } from '../lib/http/version-uri';

export const handler = publicEndpoint(getDppVersionDocumentRoute, ({ input, client }) =>
  answerVersionUri(input, client),
);
