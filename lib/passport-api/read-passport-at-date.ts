import * as v from 'valibot';
import { type ReadRequest, readerOf, recordRead } from '../access-tiers/read-access';
import { visibleTo } from '../access-tiers/tiers';
import { dppNotFound, isPublished } from '../dpps/model';
import { readDpp } from '../dpps/repository';
import { profiledView, restrictedAttributes } from '../profiles/passport';
import { id } from '../schemas';
import { versionNotFound } from '../versions/get-version-document';
import { versionCurrentAt } from '../versions/repository';
import { headerOf, readHeaderSources, readHeaders, readQuery, versionRef } from './model';

/** An instant: ISO 8601 date and time with its offset (`Z` or `±hh:mm`), normalised to UTC. */
const instant = v.pipe(
  v.string(),
  v.regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/,
    'must be an ISO 8601 date and time with its offset, such as 2026-07-21T09:30:00Z',
  ),
  v.check((text) => Number.isFinite(Date.parse(text)), 'must be a date and time that exists'),
  v.examples(['2026-07-21T09:30:00Z', '2026-07-21T11:30:00.250+02:00']),
  v.transform((text) => new Date(text).toISOString()),
);

export const readPassportAtDateInput = v.object({
  params: v.object({ dppId: id }),
  query: v.object({ ...readQuery, date: instant }),
  headers: v.object({ 'x-dpp-access': readHeaders['x-dpp-access'] }),
});

/**
 * ReadDPPVersionByIdAndDate (GET /v1/dppsByIdAndDate/{dppId}?date=): a published passport as it was
 * at `date`: the version current then (the newest taken at or before it; every change through this
 * API takes one), read from what the version froze, at the reader's tier (its parts and attributes
 * above it left out, as the version's tier documents hold them apart), with the version's number,
 * its document's SHA-256 (`content_hash`, what its `uri` serves and a notarization anchors) and
 * `uri`. The header's `lastUpdate` is the version's; its operator, facility and status are today's
 * (the registry's facts are not versioned). No version yet at `date`: 404 VERSION_NOT_FOUND; an
 * unknown or unpublished DPP: 404 DPP_NOT_FOUND. A read through a grant is logged as a version read.
 */
export async function readPassportAtDate(
  { params, query, headers }: v.InferOutput<typeof readPassportAtDateInput>,
  request: ReadRequest,
) {
  const { dppId } = params;
  const [dpp, reader, version] = await Promise.all([
    readDpp(dppId),
    readerOf(dppId, query.access ?? headers['x-dpp-access']),
    versionCurrentAt(dppId, query.date),
  ]);
  if (!dpp || !isPublished(dpp)) throw dppNotFound();
  if (!version) throw versionNotFound();
  const { snapshot } = version;
  const files = visibleTo(reader.tier, snapshot.files);
  const cards = visibleTo(reader.tier, snapshot.cards);
  const profiled = snapshot.profiled && profiledView(snapshot.profiled, { upTo: reader.tier });
  const sources = await readHeaderSources(dpp);
  if (reader.grant) {
    const attributes = profiled && snapshot.profiled ? restrictedAttributes(snapshot.profiled, profiled.aspects) : [];
    await recordRead(
      reader.grant,
      'version',
      {
        cards: cards.flatMap((c) => (c.access_tier ? [c.id] : [])),
        files: files.flatMap((f) => (f.access_tier ? [f.id] : [])),
        images: [],
        version: version.version,
        ...(attributes.length > 0 && { attributes }),
      },
      request,
    );
  }
  const elements = {
    name: snapshot.dpp.name,
    description: snapshot.dpp.description,
    type: snapshot.dpp.type,
    language: snapshot.dpp.language,
    ...profiled,
    ...(query.representation === 'full' && { files, cards }),
  };
  return {
    passport: {
      ...headerOf(dpp, sources, snapshot.dpp.updated_at),
      elements,
      version: versionRef(dppId, version),
    },
    grant: reader.grant !== undefined,
  };
}
