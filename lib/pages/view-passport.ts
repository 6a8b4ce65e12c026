import * as v from 'valibot';
import { accessValue, GRANT_HEADERS, readerOf, recordRead, restrictedIds } from '../access-tiers/read-access';
import { visibleTo } from '../access-tiers/tiers';
import { identifiersOf } from '../dpps/link';
import { dppNotFound, isPublished } from '../dpps/model';
import { characteristicKey, currentTranslation } from '../dpps/translations';
import { signedGetUrl } from '../files/storage';
import { dppJsonUrl, passportPageUrl, publicFileUrl, publicImageUrl, versionUri } from '../links';
import type { NotarizationItem } from '../notarizations/model';
import { id } from '../schemas';
import { htmlHeaders } from './html';
import { bucketOrigin } from './image-origin';
import { negotiateLanguage } from './language';
import { type PassportView, renderPassport } from './passport-page';
import { readCompanyName, readPassport } from './repository';

export const viewPassportInput = v.object({
  params: v.object({ dppId: id }),
  // A language the passport lacks is not an error: the page falls back to Accept-Language.
  query: v.object({ lang: v.optional(v.pipe(v.string(), v.maxLength(35))), access: accessValue }),
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
export async function viewPassport(input: v.InferOutput<typeof viewPassportInput>): Promise<RenderedPage> {
  const { dppId } = input.params;
  const [data, reader] = await Promise.all([readPassport(dppId), readerOf(dppId, input.query.access)]);
  const { dpp } = data;
  // An unpublished DPP answers exactly like an unknown one.
  if (!dpp || !isPublished(dpp)) throw dppNotFound();
  // Only the parts the reader's tier includes (docs/choices.md, Access tiers); a restricted part is
  // reached through a signed URL, which carries no secret, and links within the page keep the grant.
  const images = visibleTo(reader.tier, data.images);
  const files = visibleTo(reader.tier, data.files);
  const cards = visibleTo(reader.tier, data.cards);
  const restricted = (part: { access_tier?: string }) =>
    part.access_tier !== undefined && part.access_tier !== 'public';
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
    images: await Promise.all(
      images.map((image) => (restricted(image) ? signedGetUrl(image.path) : publicImageUrl(dppId, image.id))),
    ),
    cards: cards.map((card) => ({
      ...text(`card:${card.id}`, card),
      // Each characteristic is its own unit: its text is the unit's name (lib/dpps/translations.ts).
      characteristics: (card.characteristics ?? []).map((c) => {
        const shown = text(characteristicKey(card.id, c.id), { name: c.characteristic, description: '' });
        return { text: shown.name, ...('lang' in shown && { lang: shown.lang }) };
      }),
    })),
    files: await Promise.all(
      files.map(async (file) => ({
        ...text(`file:${file.id}`, file),
        href: restricted(file) ? await signedGetUrl(file.path) : publicFileUrl(dppId, file.id),
        type: file.mime_type,
        size: file.size,
      })),
    ),
    ...(company && { company }),
    ...(ids && { gtin: ids.gtin, serial: ids.serial }),
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
  };
  const rendered = renderPassport(view, [bucketOrigin()]);
  // No link of the page sends a Referer (the page's policy says so too): a grant's URL stays here.
  const html = rendered.html.replace(/<a /g, '<a rel="noreferrer" ');
  if (reader.grant) {
    await recordRead(reader.grant, 'passport', {
      cards: restrictedIds(cards),
      files: restrictedIds(files),
      images: restrictedIds(images),
    });
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
