import * as v from 'valibot';
import {
  accessValue,
  type Reader,
  type ReadRequest,
  readerOf,
  recordRead,
  restrictedIds,
} from '../access-tiers/read-access';
import { type Tiered, tierOf, visibleTo } from '../access-tiers/tiers';
import { defined } from '../defined';
import { signedGetUrl } from '../files/storage';
import { ISO_639_1 } from '../languages';
import { grantFileUrl, grantImageUrl, publicFileUrl, publicImageUrl } from '../links';
import { countTranslations } from '../metrics';
import { lifecycleView } from '../profiles/lifecycle-view';
import { profiledView, restrictedAttributes } from '../profiles/passport';
import { id } from '../schemas';
import { dppNotFound, isPublished } from './model';
import { readDppCollection } from './repository';
import {
  characteristicKey,
  currentTranslation,
  type SourceUnit,
  sourceUnitsOf,
  type TranslatedUnit,
} from './translations';

export const viewDppInput = v.object({
  params: v.object({ dppId: id }),
  headers: v.object({
    language: v.optional(v.picklist(ISO_639_1, 'must be an ISO 639-1 code in lowercase, such as en or fr'), 'en'),
    // A browser (text/html ranked above JSON) is sent to the passport page instead (functions/get-dpp.ts).
    accept: v.optional(v.string()),
    // An access grant's value, for JSON clients that keep it out of the URL (docs/choices.md, Access tiers).
    'x-dpp-access': accessValue,
  }),
  // An access grant's link: `?access=<grantId>.<secret>` reads the DPP at the grant's tier.
  query: v.object({ access: accessValue }),
});

type Text = Pick<SourceUnit, 'name' | 'description'>;

/**
 * Name and description of the DPP, its files and cards (and each card's characteristics) in
 * `language`: from the stored translation when it was made from the current wording, else the
 * original. Never a machine translation, never a write: only the company decides which
 * languages are stored (PUT and POST /dpps/{dppId}/translations/{language}), so an anonymous
 * reader cannot make it pay for one. Returns the languages actually used, the asked one first
 * (for Content-Language).
 */
function translate(
  units: SourceUnit[],
  stored: Map<string, TranslatedUnit>,
  from: string,
  to: string,
): { texts: Map<string, Text>; languages: string[] } {
  if (from === to) return { texts: new Map(units.map((u) => [u.key, u])), languages: [from] };
  let fromStore = 0;
  const texts = new Map<string, Text>(
    units.map((u) => {
      const translated = currentTranslation(stored, u);
      if (translated) fromStore++;
      return [u.key, translated ?? u];
    }),
  );
  countTranslations(fromStore, units.length - fromStore);
  if (fromStore === units.length) return { texts, languages: [to] };
  return { texts, languages: fromStore === 0 ? [from] : [to, from] };
}

/**
 * The public passport (interface 4.7): one Query, in the `language` header's stored translation. Each file
 * and image also has `url`, its public address (a redirect to its bytes while the DPP is published).
 */
export async function viewDpp(input: v.InferOutput<typeof viewDppInput>, request: ReadRequest) {
  const { dppId } = input.params;
  const { language } = input.headers;
  const access = input.query.access ?? input.headers['x-dpp-access'];
  const [collection, reader] = await Promise.all([readDppCollection(dppId, language), readerOf(dppId, access)]);
  const { dpp, stored } = collection;
  // An unpublished DPP answers exactly like an unknown one.
  if (!dpp || !isPublished(dpp)) throw dppNotFound();
  // Only the parts the reader's tier includes: anonymous readers see `public` ones alone.
  const images = visibleTo(reader.tier, collection.images);
  const files = visibleTo(reader.tier, collection.files);
  const cards = visibleTo(reader.tier, collection.cards);
  // A restricted part is reached through the grant's download route, which checks the grant and logs
  // each fetch (a link keeps the query's `access`; a header client sends its header there too).
  const restricted = (part: Tiered) => tierOf(part) !== 'public';

  // A profiled passport's documents with only the attributes of the reader's tier (lib/profiles/filter.ts).
  const profiled = profiledView(dpp, { upTo: reader.tier });
  const lifecycle = lifecycleView(dpp);
  const units = sourceUnitsOf(dpp, files, cards);
  const { texts, languages } = translate(units, stored, dpp.language ?? 'en', language);
  const text = (key: string) => pick(defined(texts.get(key), key));

  const view = {
    /** The Content-Language value: `it`, or `it, en` when some texts had no translation. */
    language: languages.join(', '),
    dpp: {
      id: dpp.id,
      ...text('dpp'),
      created_at: dpp.created_at,
      updated_at: dpp.updated_at,
      type: dpp.dpp_type,
      company_id: dpp.company_id,
      model_id: dpp.model_id,
      images: await Promise.all(
        images.map(async (img) => {
          const grantUrl = restricted(img) ? grantImageUrl(dpp.id, img.id, input.query.access) : undefined;
          return {
            image: grantUrl ?? (await signedGetUrl(img.path)),
            type: img.mime_type,
            uuid: img.id,
            url: grantUrl ?? publicImageUrl(dpp.id, img.id),
            access_tier: tierOf(img),
          };
        }),
      ),
      files: files.map((f) => ({
        id: f.id,
        ...text(`file:${f.id}`),
        path: f.path,
        url: restricted(f) ? grantFileUrl(dpp.id, f.id, input.query.access) : publicFileUrl(dpp.id, f.id),
        access_tier: tierOf(f),
      })),
      cards: cards.map((c) => ({
        id: c.id,
        ...text(`card:${c.id}`),
        characteristics: (c.characteristics ?? []).map(({ id: charId, characteristic }) => ({
          id: charId,
          characteristic: texts.get(characteristicKey(c.id, charId))?.name ?? characteristic,
        })),
        access_tier: tierOf(c),
      })),
      ...profiled,
      ...(lifecycle && { lifecycle }),
      // Its identifier in the EU DPP registry, once its company stored it (PUT /dpps/{dppId}/registration).
      ...(dpp.registration && { registration_id: dpp.registration.id }),
    },
  };
  const attributes = profiled ? restrictedAttributes(dpp, profiled.aspects) : [];
  await recordGrantRead(reader, { images, files, cards, attributes }, request);
  return {
    ...view,
    /** The item read, for the passport API's header (lib/passport-api): GET /dpp/{dppId} answers `dpp` alone. */
    item: dpp,
    tier: reader.tier,
    grant: reader.grant !== undefined,
    ...(access !== undefined && { access: accessStatus(reader) }),
  };
}

/**
 * What a request that carried an `access` value reads at (the `access` field of the JSON): `granted` and
 * the grant's tier, or `invalid` and `public` when the value names no active grant (revoked, expired,
 * wrong or malformed: alike, so the answer says nothing of which).
 */
const accessStatus = (reader: Reader) =>
  reader.grant
    ? { status: 'granted' as const, tier: reader.grant.tier }
    : { status: 'invalid' as const, tier: 'public' as const };

/** A read through a grant writes its access-log entry before it answers (lib/access-tiers/read-access.ts). */
async function recordGrantRead(
  reader: Reader,
  parts: { images: { id: string }[]; files: { id: string }[]; cards: { id: string }[]; attributes: string[] },
  request: ReadRequest,
) {
  if (!reader.grant) return;
  await recordRead(
    reader.grant,
    'dpp',
    {
      cards: restrictedIds(parts.cards),
      files: restrictedIds(parts.files),
      images: restrictedIds(parts.images),
      ...(parts.attributes.length > 0 && { attributes: parts.attributes }),
    },
    request,
  );
}

const pick = (t: Text) => ({ name: t.name, description: t.description });
