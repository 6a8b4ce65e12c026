import * as v from 'valibot';
import { isPublished } from '../dpps/model';
import { NotFoundError } from '../errors';
import { id } from '../schemas';
import { readCheckedVersionDocument } from './document';
import { getPublicVersion } from './repository';

/** A version number in a path: a whole number from 1, written without leading zeros. */
const versionNumber = v.pipe(
  v.string(),
  v.regex(/^[1-9][0-9]{0,8}$/, 'must be a version number: a whole number from 1 (at most 9 digits)'),
  v.transform(Number),
);

export const getVersionDocumentInput = v.object({
  params: v.object({ dppId: id, version: versionNumber }),
  // `application/vc+jwt` asks for the version as a verifiable credential (lib/credentials).
  headers: v.object({ accept: v.optional(v.string()) }),
});

export const versionNotFound = () => new NotFoundError('Version not found', 'VERSION_NOT_FOUND');

/**
 * The canonical document of a version (what its public `uri` resolves to): its exact stored
 * text, so whoever fetches it can hash the bytes and compare with the version's content hash
 * (the `dpp_hash` a notarization anchors). Public: the document holds what the passport shows.
 * The stored bytes are checked against the version's content hash before they are served.
 */
export async function getVersionDocument({ params }: v.InferOutput<typeof getVersionDocumentInput>): Promise<string> {
  // Consistent: a uri handed out right after the version was written resolves at once.
  const { version, dpp } = await getPublicVersion(params.dppId, params.version);
  // A version of an unpublished DPP answers exactly like an unknown one.
  if (!version || !dpp || !isPublished(dpp)) throw versionNotFound();
  return readCheckedVersionDocument(version);
}
