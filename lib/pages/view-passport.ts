import * as v from 'valibot';
import {
  accessValue,
  GRANT_HEADERS,
  type ReadRequest,
  readerOf,
  recordRead,
  restrictedIds,
} from '../access-tiers/read-access';
import { type GrantableTier, type Tiered, tierOf, visibleTo } from '../access-tiers/tiers';
import { identifiersOf } from '../dpps/link';
import { dppNotFound, isPublished } from '../dpps/model';
import { characteristicKey, currentTranslation } from '../dpps/translations';
import { namesEtag, strongEtag } from '../etag';
import {
  dppJsonUrl,
  grantFileUrl,
  grantImageUrl,
  passportPageUrl,
  publicFileUrl,
  publicImageUrl,
  versionUri,
} from '../links';
import type { NotarizationItem } from '../notarizations/model';
import { profileById } from '../profiles/catalogue';
import { lifecycleView } from '../profiles/lifecycle-view';
import { profiledView, restrictedAttributes } from '../profiles/passport';
import { id } from '../schemas';
import { aspectGroups, labelIn } from './aspects-section';
import { htmlHeaders } from './html';
import { bucketOrigin } from './image-origin';
import { labelsFor } from './labels';
import { negotiateLanguage } from './language';
import { type PassportView, renderPassport } from './passport-page';
import { readCompanyName, readPassport } from './repository';

const campaignTag = v.optional(v.pipe(v.string(), v.maxLength(200)));
/** The UTM campaign tags (ignored: the page is the same with or without them). */
const CAMPAIGN_TAGS = {
  utm_source: campaignTag,
  utm_medium: campaignTag,
  utm_campaign: campaignTag,
  utm_term: campaignTag,
  utm_content: campaignTag,
};

export const viewPassportInput = v.object({
  params: v.object({ dppId: id }),
  // A language the passport lacks is not an error: the page falls back to Accept-Language. The
  // resolver passes a Digital Link URI's query string on (GS1 SHALL), so the campaign tags a printed
  // code may carry (utm_*) are taken and ignored; any other name is refused, like on every route.
  query: v.object({
    lang: v.optional(v.pipe(v.string(), v.maxLength(35))),
    access: accessValue,
    ...CAMPAIGN_TAGS,
  }),
  headers: v.object({
    'accept-language': v.optional(v.string()),
    'if-none-match': v.optional(v.string()),
  }),
});

/** A page ready to send: its HTML and its headers (media type, CSP, Content-Language, Vary). */
export interface RenderedPage {
  html: string;
  headers: Record<string, string>;
}

/** The stored verification of an ANCHORED notarization, when it is about its transaction (else it was never checked). */
function checkedOutcome(n: NotarizationItem) {
  const stored = n.verification;
  if (n.status !== 'ANCHORED' || !stored || stored.transaction_hash !== n.transaction_hash) return undefined;
  return {
    valid: stored.valid,
    ...(stored.failed_check && { failedCheck: stored.failed_check }),
    checkedAt: stored.checked_at,
    chainId: stored.chain_id,
    ...(stored.block_number !== undefined && { block: stored.block_number }),
    ...(stored.confirmations !== undefined && { confirmations: stored.confirmations }),
  };
}

/**
 * GET /passport/{dppId}: the public passport page in the reader's language. One round trip
 * reads the DPP's collection and its history (lib/pages/repository.ts); a DPP stored before it
 * carried its company's name takes one more (the company item). Only stored translations are
 * shown, never a machine translation made on the fly: the languages offered are the
 * passport's original and its translations. A text whose translation is missing or stale
 * (its original changed since) shows its original, and Content-Language names both.
 */
export async function viewPassport(
  input: v.InferOutput<typeof viewPassportInput>,
  request: ReadRequest,
): Promise<RenderedPage> {
  const { dppId } = input.params;
  const [data, reader] = await Promise.all([readPassport(dppId), readerOf(dppId, input.query.access)]);
  const { dpp } = data;
  // An unpublished DPP answers exactly like an unknown one.
  if (!dpp || !isPublished(dpp)) throw dppNotFound();
  // Only the parts the reader's tier includes (docs/choices.md, Access tiers), each restricted one marked;
  // a restricted file or image is reached through the grant's download route (the grant checked and the
  // fetch logged each time), and links within the page keep the grant.
  const images = visibleTo(reader.tier, data.images);
  const files = visibleTo(reader.tier, data.files);
  const cards = visibleTo(reader.tier, data.cards);
  /** A part's tier when it is above `public` (only a grant's tier shows one: `company` is never granted). */
  const restricted = (part: Tiered): GrantableTier | undefined => {
    const tier = tierOf(part);
    return tier === 'public' || tier === 'company' ? undefined : tier;
  };
  const withGrant = (href: string) =>
    reader.grant && input.query.access
      ? `${href}${href.includes('?') ? '&' : '?'}access=${encodeURIComponent(input.query.access)}`
      : href;

  const original = dpp.language ?? 'en';
  const available = [original, ...[...data.translations.keys()].filter((l) => l !== original).sort()];
  const lang = negotiateLanguage(available, input.headers['accept-language'], input.query.lang);
  const stored = data.translations.get(lang);
  let fellBack = false;
  /** A unit's text in `lang`, or its original when there is no current translation. */
  const text = (key: string, source: { name: string; description: string }) => {
    const own = { name: source.name, description: source.description };
    if (lang === original) return own;
    const translated = currentTranslation(stored, { key, ...own });
    if (translated) return translated;
    fellBack = true;
    return { ...own, lang: original };
  };

  // A profiled passport's aspects with only the attributes of the reader's tier (lib/profiles/filter.ts).
  const profiled = profiledView(dpp, { upTo: reader.tier });
  const profile = profiled && profileById(profiled.profile.id);
  const lifecycle = lifecycleView(dpp);
  const ids = identifiersOf(dpp.search_id);
  const company =
    dpp.company_name !== undefined
      ? { name: dpp.company_name, country: dpp.company_country ?? '' }
      : await readCompanyName(dpp.company_id);
  // The DPP's own name and description: in the original when untranslated (then Content-Language says so).
  const { name, description } = text('dpp', dpp);
  const view: PassportView = {
    lang,
    name,
    description,
    languages: available.map((code) => ({ code, href: withGrant(passportPageUrl(dppId, code)) })),
    images: images.map((image) => {
      const tier = restricted(image);
      return tier
        ? { src: grantImageUrl(dppId, image.id, input.query.access), restricted: tier }
        : { src: publicImageUrl(dppId, image.id) };
    }),
    cards: cards.map((card) => ({
      ...text(`card:${card.id}`, card),
      // Each characteristic is its own unit: its text is the unit's name (lib/dpps/translations.ts).
      characteristics: (card.characteristics ?? []).map((c) => {
        const shown = text(characteristicKey(card.id, c.id), { name: c.characteristic, description: '' });
        return { text: shown.name, ...('lang' in shown && { lang: shown.lang }) };
      }),
      ...(restricted(card) && { restricted: restricted(card) }),
    })),
    files: files.map((file) => {
      const tier = restricted(file);
      return {
        ...text(`file:${file.id}`, file),
        href: tier ? grantFileUrl(dppId, file.id, input.query.access) : publicFileUrl(dppId, file.id),
        type: file.mime_type,
        size: file.size,
        ...(tier && { restricted: tier }),
      };
    }),
    // An access value that opens nothing (revoked, expired, wrong: alike) shows the public page, and says so.
    ...(input.query.access !== undefined && !reader.grant && { accessInvalid: true }),
    ...(company && { company }),
    ...(ids && { gtin: ids.gtin, serial: ids.serial }),
    ...(dpp.registration && { registrationId: dpp.registration.id }),
    versions: data.versions.map((version) => {
      const notarization = data.notarizations.get(version.version);
      const verification = notarization && checkedOutcome(notarization);
      return {
        number: version.version,
        date: version.created_at,
        hash: version.content_hash,
        href: versionUri(dppId, version.version),
        verifyHref: `${versionUri(dppId, version.version)}/verification`,
        ...(notarization && {
          notarization: {
            status: notarization.status,
            ...(notarization.transaction_hash && { transaction: notarization.transaction_hash }),
            ...(notarization.url && { url: notarization.url }),
            ...(verification && { verification }),
          },
        }),
      };
    }),
    versionCount: dpp.version_count ?? data.versions.length,
    jsonHref: withGrant(dppJsonUrl(dppId)),
    ...(profiled &&
      profile && {
        profiled: {
          ...(profiled.category !== undefined && {
            category:
              labelIn(profile.categories.find((c) => c.id === profiled.category)?.label, lang) || profiled.category,
          }),
          complete: profiled.complete,
          aspects: aspectGroups(profile, profiled.aspects, lang, labelsFor(lang).labels, { upTo: reader.tier }),
        },
      }),
    ...(lifecycle && {
      lifecycle: {
        ...(lifecycle.replaces && { replaces: passportPageUrl(lifecycle.replaces, lang) }),
        ...(lifecycle.replaced_by && { replacedBy: passportPageUrl(lifecycle.replaced_by, lang) }),
        ...(lifecycle.ceased_at && { ceasedAt: lifecycle.ceased_at }),
      },
    }),
  };
  const rendered = renderPassport(view, [bucketOrigin()]);
  // No link of the page sends a Referer (the page's policy says so too): a grant's URL stays here.
  const html = rendered.html.replace(/<a /g, '<a rel="noreferrer" ');
  if (reader.grant) {
    const served = profiled ? restrictedAttributes(dpp, profiled.aspects) : [];
    // The page goes out as a 304 when `If-None-Match` names it (lib/http/html.ts): logged as such.
    const notModified = namesEtag(input.headers['if-none-match'], strongEtag(html));
    await recordRead(
      reader.grant,
      'passport',
      {
        cards: restrictedIds(cards),
        files: restrictedIds(files),
        images: restrictedIds(images),
        ...(served.length > 0 && { attributes: served }),
      },
      request,
      notModified,
    );
  }
  return {
    html,
    headers: {
      ...htmlHeaders(rendered.csp),
      ...(reader.grant && GRANT_HEADERS),
      'content-language': fellBack ? `${lang}, ${original}` : lang,
      vary: 'Accept, Accept-Language',
    },
  };
}
