import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { getDppVersionDocumentRoute } from '../lib/api/routes/get-dpp-version-document';
import { getVersionCredential, VC_JWT_TYPE } from '../lib/credentials/get-version-credential';
import { prefers } from '../lib/http/accept';
import { publicEndpoint } from '../lib/http/endpoint';
import { okJsonText, PUBLIC_CACHE, type RawReply, raw } from '../lib/http/response';
import { getVersionDocument } from '../lib/versions/get-version-document';

// The document never changes; the credential gains its anchor once the version is anchored (docs/choices.md).
export const handler = publicEndpoint(getDppVersionDocumentRoute, async ({ input }): Promise<RawReply> => {
  if (!prefers(input.headers.accept, VC_JWT_TYPE, 'application/json')) {
    const { text, grant } = await getVersionDocument(input);
    return okJsonText(
      text,
      grant ? { ...GRANT_HEADERS, vary: 'Accept' } : { 'cache-control': IMMUTABLE, vary: 'Accept' },
    );
  }
  const { jwt, anchored } = await getVersionCredential(input);
  return raw(
    200,
    { 'content-type': VC_JWT_TYPE, 'cache-control': anchored ? ANCHORED : PUBLIC_CACHE, vary: 'Accept' },
    jwt,
  );
});

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ANCHORED = 'public, max-age=86400';
