import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { defined } from '../defined';
import { type ErrorDetail, InvalidInputError, ValidationError } from '../errors';
import { ISO_639_1 } from '../languages';
import { MAX_CHARACTERISTIC_LENGTH, MAX_TRANSLATION_ITEM_BYTES } from '../limits';
import { description, id, name } from '../schemas';
import { dppNotFound } from './model';
import { readDppCollection, storeSuppliedTranslations } from './repository';
import {
  characteristicKey,
  type SourceUnit,
  storedTranslationView,
  type TranslatedUnit,
  translationAttributes,
} from './translations';

/** One translated text: a name and a description (which may be empty), always together. */
const unit = v.object({ name, description });

/** A characteristic's translated text (as a card's characteristic is written: lib/dpp-cards/model.ts). */
const characteristicText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(MAX_CHARACTERISTIC_LENGTH),
);

/** A card's texts: its name and description (both or neither), and its characteristics' by id. */
const cardUnit = v.object({
  name: v.optional(name),
  description: v.optional(description),
  characteristics: v.optional(v.record(id, characteristicText)),
});

export const putDppTranslationInput = v.object({
  params: v.object({
    dppId: id,
    language: v.picklist(ISO_639_1, 'must be an ISO 639-1 code in lowercase, such as it or fr'),
  }),
  body: v.object({
    /** The DPP's own name and description: both or neither. */
    name: v.optional(name),
    description: v.optional(description),
    /** By file id: files of this DPP. */
    files: v.optional(v.record(id, unit)),
    /** By card id: tech cards of this DPP, with their characteristics by id. */
    cards: v.optional(v.record(id, cardUnit)),
  }),
});
type Input = v.InferOutput<typeof putDppTranslationInput>;
type Text = { name: string; description: string };

/**
 * Stores a company's own translation of a DPP's texts (its name and description, its files' and
 * its cards', each card characteristic's) into one language, merged into what is stored for that
 * language: the units sent replace those units, the others stay. Each unit carries the
 * fingerprint of the source text it translates, as a machine translation does
 * (lib/dpps/translations.ts): GET /dpp/{dppId} and the passport page serve it while the source
 * text is unchanged, and show the original once the source text changes.
 */
export async function putDppTranslation(auth: Principal, { params, body }: Input) {
  const { dppId, language } = params;
  const files = Object.entries(body.files ?? {});
  const cards = Object.entries(body.cards ?? {});
  const halves: ErrorDetail[] = [
    ...halfSent('', body),
    ...cards.flatMap(([cardId, card]) => halfSent(`cards.${cardId}.`, card)),
    ...cards
      .filter(([, card]) => card.name === undefined && Object.keys(card.characteristics ?? {}).length === 0)
      .map(([cardId]) => ({ path: `cards.${cardId}`, message: 'must hold name and description, or characteristics' })),
  ];
  if (halves.length > 0) throw new ValidationError(halves);
  if (body.name === undefined && files.length === 0 && cards.length === 0) {
    throw new InvalidInputError(
      'send at least one translated text: name and description, files or cards',
      'NOTHING_TO_UPDATE',
    );
  }

  // One Query: the DPP, its files and cards (the source texts) and what is stored for the language.
  const source = await readDppCollection(dppId, language);
  const dpp = source.dpp;
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  const sourceLanguage = dpp.language ?? 'en';
  if (language === sourceLanguage) throw sourceLanguageRefused(language, sourceLanguage);

  const sourceFiles = new Map(source.files.map((f) => [f.id, f]));
  const sourceCards = new Map(source.cards.map((c) => [c.id, c]));
  const notIn = (path: string, what: string): ErrorDetail => ({ path, message: `is not a ${what}` });
  const unknown: ErrorDetail[] = [
    ...files
      .filter(([fileId]) => !sourceFiles.has(fileId))
      .map(([fileId]) => notIn(`files.${fileId}`, 'file of this DPP')),
    ...cards.flatMap(([cardId, card]) => {
      const known = sourceCards.get(cardId);
      if (!known) return [notIn(`cards.${cardId}`, 'tech card of this DPP')];
      const characteristics = new Set((known.characteristics ?? []).map((c) => c.id));
      return Object.keys(card.characteristics ?? {})
        .filter((charId) => !characteristics.has(charId))
        .map((charId) => notIn(`cards.${cardId}.characteristics.${charId}`, 'characteristic of this tech card'));
    }),
  ];
  if (unknown.length > 0) {
    throw new InvalidInputError(
      'the translation names files, tech cards or characteristics this DPP does not have',
      'NOT_IN_DPP',
      unknown,
    );
  }

  const units: Array<SourceUnit & { translated: Text }> = [
    ...(body.name === undefined
      ? []
      : [{ key: 'dpp', name: dpp.name, description: dpp.description, translated: pick(body as Text) }]),
    ...files.map(([fileId, text]) => ({
      key: `file:${fileId}`,
      ...pick(defined(sourceFiles.get(fileId), `file ${fileId}`)),
      translated: text,
    })),
    ...cards.flatMap(([cardId, card]) => {
      const known = defined(sourceCards.get(cardId), `card ${cardId}`);
      const texts = new Map((known.characteristics ?? []).map((c) => [c.id, c.characteristic]));
      return [
        ...(card.name === undefined ? [] : [{ key: `card:${cardId}`, ...pick(known), translated: pick(card as Text) }]),
        ...Object.entries(card.characteristics ?? {}).map(([charId, text]) => ({
          key: characteristicKey(cardId, charId),
          name: defined(texts.get(charId), `characteristic ${charId}`),
          description: '',
          translated: { name: text, description: '' },
        })),
      ];
    }),
  ];
  const fresh = translationAttributes(units);
  const merged = new Map([...source.stored, ...Object.entries(fresh)]);
  assertWithinLimit(language, merged);
  if (!(await storeSuppliedTranslations(dppId, auth.companyId, language, fresh))) throw dppNotFound();

  return {
    message: `Translation ${language} of DPP ${dppId} stored`,
    ok: true as const,
    translation: storedTranslationView(language, merged, dpp, source.files, source.cards),
  };
}

const pick = (t: Text): Text => ({ name: t.name, description: t.description });

/** `name` and `description` (at `prefix`) are sent both or neither. */
function halfSent(prefix: string, texts: { name?: string; description?: string }): ErrorDetail[] {
  if ((texts.name === undefined) === (texts.description === undefined)) return [];
  const missing = texts.name === undefined ? 'name' : 'description';
  const sent = missing === 'name' ? 'description' : 'name';
  return [{ path: `${prefix}${missing}`, message: `must be sent together with ${sent}` }];
}

/** A translation into the DPP's own language: 400 SOURCE_LANGUAGE (change the DPP itself instead). */
export const sourceLanguageRefused = (language: string, sourceLanguage: string) =>
  new InvalidInputError(
    `${language} is the language of the DPP's own texts: change the DPP itself instead`,
    'SOURCE_LANGUAGE',
    [{ path: 'language', message: `must not be the DPP's own language (${sourceLanguage})` }],
  );

/** The language's stored item stays within MAX_TRANSLATION_ITEM_BYTES once `merged` is written (400 TRANSLATION_TOO_LARGE). */
export function assertWithinLimit(language: string, merged: Map<string, TranslatedUnit>) {
  const bytes = Buffer.byteLength(JSON.stringify(Object.fromEntries(merged)));
  if (bytes > MAX_TRANSLATION_ITEM_BYTES) {
    throw new InvalidInputError(
      `the stored ${language} translation of this DPP would be ${bytes} bytes; at most ${MAX_TRANSLATION_ITEM_BYTES}`,
      'TRANSLATION_TOO_LARGE',
    );
  }
}
