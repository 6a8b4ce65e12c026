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
import { id } from '../schemas';
import { dppNotFound, isPublished } from './model';
import { readDppCollection, storeTranslations } from './repository';
import { translator } from './translation-provider';
import { fingerprint, type SourceUnit, type TranslatedUnit } from './translations';

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
 * Name and description of the DPP, its files and cards in `language`: stored
 * translations first; missing or stale ones from the translation provider (then stored
 * for next time); with no provider, a unit without a translation keeps its original.
 * Returns the languages actually used, the asked one first (for Content-Language).
 */
async function translate(
  dppId: string,
  units: SourceUnit[],
  stored: Map<string, TranslatedUnit>,
  from: string,
  to: string,
): Promise<{ texts: Map<string, Text>; languages: string[] }> {
  if (from === to) return { texts: new Map(units.map((u) => [u.key, u])), languages: [from] };

  // A stored translation counts only if it was made from the current wording.
  const missing = units
    .map((u) => ({ unit: u, source: fingerprint(u) }))
    .filter(({ unit, source }) => stored.get(unit.key)?.source !== source);
  const stale = new Set(missing.map(({ unit }) => unit.key));
  const texts = new Map<string, Text>(
    units.map((u) => [u.key, stale.has(u.key) ? u : defined(stored.get(u.key), u.key)]),
  );
  const fromStore = units.length - missing.length;
  const provider = translator();
  if (missing.length > 0 && provider) {
    const out = await provider.translate(
      missing.flatMap(({ unit }) => [unit.name, unit.description]),
      from,
      to,
    );
    const fresh: Record<string, TranslatedUnit> = {};
    missing.forEach(({ unit: u, source }, i) => {
      const text = {
        name: defined(out[2 * i], `${u.key} name`),
        description: defined(out[2 * i + 1], `${u.key} description`),
        source,
      };
      fresh[u.key] = text;
      texts.set(u.key, text);
    });
    await storeTranslations(dppId, to, fresh);
    countTranslations(fromStore, missing.length);
    return { texts, languages: [to] };
  }
  countTranslations(fromStore, 0);
  if (missing.length === 0) return { texts, languages: [to] };
  return { texts, languages: missing.length === units.length ? [from] : [to, from] };
}

/**
 * The public passport (interface 4.7): one Query, translated by the `language` header. Each file
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

  const units: SourceUnit[] = [
    { key: 'dpp', name: dpp.name, description: dpp.description },
    ...files.map((f) => ({ key: `file:${f.id}`, name: f.name, description: f.description })),
    ...cards.map((c) => ({ key: `card:${c.id}`, name: c.name, description: c.description })),
  ];
  const { texts, languages } = await translate(dppId, units, stored, dpp.language ?? 'en', language);
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
          characteristic,
        })),
        access_tier: tierOf(c),
      })),
    },
  };
  await recordGrantRead(reader, { images, files, cards }, request);
  return { ...view, grant: reader.grant !== undefined, ...(access !== undefined && { access: accessStatus(reader) }) };
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
  parts: { images: { id: string }[]; files: { id: string }[]; cards: { id: string }[] },
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
    },
    request,
  );
}

const pick = (t: Text) => ({ name: t.name, description: t.description });
