import { GRANT_HEADERS, type ReadRequest } from '../access-tiers/read-access';
import { getVersionCredential, VC_JWT_TYPE } from '../credentials/get-version-credential';
import { getVersionDocument } from '../versions/get-version-document';
import { prefers } from './accept';
import { okJsonText, PUBLIC_CACHE, type RawReply, raw, VERSION_URI_VARY } from './response';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ANCHORED = 'public, max-age=86400';

type VersionInput = Parameters<typeof getVersionDocument>[0] &
  Parameters<typeof getVersionCredential>[0] & { headers: { accept?: string } };

/**
 * What a version's URI answers: its document as JSON (immutable; through a grant, the tier's
 * document, never cached publicly), or, for `Accept: application/vc+jwt`, the version as a
 * credential, which gains its anchor once the version is anchored (docs/choices.md).
 */
export async function answerVersionUri(input: VersionInput, client: ReadRequest): Promise<RawReply> {
  if (!prefers(input.headers.accept, VC_JWT_TYPE, 'application/json')) {
    const { text, grant } = await getVersionDocument(input, client);
    // Only the public tier's document is immutable: a tier's, read through a grant, is never kept.
    return okJsonText(
      text,
      grant ? { ...GRANT_HEADERS, vary: VERSION_URI_VARY } : { 'cache-control': IMMUTABLE, vary: VERSION_URI_VARY },
    );
  }
  const { jwt, anchored } = await getVersionCredential(input);
  return raw(
    200,
    { 'content-type': VC_JWT_TYPE, 'cache-control': anchored ? ANCHORED : PUBLIC_CACHE, vary: VERSION_URI_VARY },
    jwt,
  );
}
