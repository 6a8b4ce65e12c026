import * as v from 'valibot';
import { accessValue, type Reader, type ReadRequest, readerOf, recordRead } from '../access-tiers/read-access';
import { includes, RESTRICTED_TIERS, type RestrictedTier } from '../access-tiers/tiers';
import { defined } from '../defined';
import { isPublished } from '../dpps/model';
import { NotFoundError } from '../errors';
import { accessProfileById } from '../profiles/access-catalogue';
import { filterAspects } from '../profiles/filter';
import { restrictedAttributes } from '../profiles/passport';
import { id } from '../schemas';
import { readCheckedTierDocument, readCheckedVersionDocument } from './document';
import type { DppVersionItem } from './model';
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
  headers: v.object({ accept: v.optional(v.string()), 'x-dpp-access': accessValue }),
  // An access grant's value, and which of the tiers it includes to read (default: the grant's own).
  query: v.object({ access: accessValue, tier: v.optional(v.picklist(RESTRICTED_TIERS)) }),
});

export const versionNotFound = () => new NotFoundError('Version not found', 'VERSION_NOT_FOUND');

/**
 * The canonical document of a version (what its public `uri` resolves to): its exact stored
 * text, so whoever fetches it can hash the bytes and compare with the version's content hash
 * (the `dpp_hash` a notarization anchors). Public: the document holds what the passport shows.
 * The stored bytes are checked against the version's content hash before they are served.
 */
export async function getVersionDocument(
  { params, query, headers }: v.InferOutput<typeof getVersionDocumentInput>,
  request: ReadRequest,
): Promise<{ text: string; grant: boolean }> {
  const access = query.access ?? headers['x-dpp-access'];
  // Consistent: a uri handed out right after the version was written resolves at once.
  const [{ version, dpp }, reader] = await Promise.all([
    getPublicVersion(params.dppId, params.version),
    readerOf(params.dppId, access),
  ]);
  // A version of an unpublished DPP answers exactly like an unknown one.
  if (!version || !dpp || !isPublished(dpp)) throw versionNotFound();
  const tier = tierToServe(version, reader, query.tier);
  if (!tier || !reader.grant) return { text: await readCheckedVersionDocument(version), grant: false };
  // A grant reads the tier document its tier includes (the grant's own by default), logged first.
  const text = await readCheckedTierDocument(
    version,
    defined(version.tier_documents?.[tier], `the ${tier} tier document`),
  );
  const parts = version.snapshot;
  const profile = parts.profiled && accessProfileById(parts.profiled.profile);
  const attributes = profile
    ? restrictedAttributes({ profile: profile.id }, filterAspects(profile, parts.profiled?.aspects, { only: tier }))
    : [];
  await recordRead(
    reader.grant,
    'version',
    {
      cards: parts.cards.filter((c) => c.access_tier === tier).map((c) => c.id),
      files: parts.files.filter((f) => f.access_tier === tier).map((f) => f.id),
      images: [],
      version: version.version,
      ...(attributes.length > 0 && { attributes }),
    },
    request,
  );
  return { text, grant: true };
}

/**
 * The tier document a reader gets: `asked` (or the grant's own tier) when the grant includes it and
 * the version has that tier's parts; none otherwise, and the public document answers.
 */
function tierToServe(version: DppVersionItem, reader: Reader, asked?: RestrictedTier): RestrictedTier | undefined {
  if (!reader.grant) return undefined;
  const tier = asked ?? reader.grant.tier;
  return includes(reader.tier, tier) && version.tier_documents?.[tier] ? tier : undefined;
}
