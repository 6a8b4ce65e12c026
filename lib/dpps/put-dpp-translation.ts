import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { defined } from '../defined';
import { type ErrorDetail, InvalidInputError, ValidationError } from '../errors';
import { ISO_639_1 } from '../languages';
import { MAX_TRANSLATION_ITEM_BYTES } from '../limits';
import { description, id, name } from '../schemas';
import { dppNotFound } from './model';
import { readDppCollection, storeSuppliedTranslations } from './repository';
import { fingerprint, type SourceUnit, type TranslatedUnit, translationAttributes } from './translations';

/** One translated text: a name and a description (which may be empty), always together. */
const unit = v.object({ name, description });

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
    /** By card id: tech cards of this DPP. */
    cards: v.optional(v.record(id, unit)),
  }),
});
type Input = v.InferOutput<typeof putDppTranslationInput>;
type Text = { name: string; description: string };

/**
 * Stores a company's own translation of a DPP's texts (its name and description, its files' and
 * its cards') into one language, merged into what is stored for that language: the units sent
 * replace those units, the others stay. Each unit carries the fingerprint of the source text it
 * translates, as a machine translation does (lib/dpps/translations.ts): GET /dpp/{dppId} serves
 * it while the source text is unchanged, and treats it as stale (translates again, or shows the
 * original) once the source text changes.
 */
export async function putDppTranslation(auth: Principal, { params, body }: Input) {
  const { dppId, language } = params;
  if ((body.name === undefined) !== (body.description === undefined)) {
    const missing = body.name === undefined ? 'name' : 'description';
    const sent = missing === 'name' ? 'description' : 'name';
    throw new ValidationError([{ path: missing, message: `must be sent together with ${sent}` }]);
  }
  const files = Object.entries(body.files ?? {});
  const cards = Object.entries(body.cards ?? {});
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
  if (language === sourceLanguage) {
    throw new InvalidInputError(
      `${language} is the language of the DPP's own texts: change the DPP itself instead`,
      'SOURCE_LANGUAGE',
      [{ path: 'language', message: `must not be the DPP's own language (${sourceLanguage})` }],
    );
  }

  const sourceFiles = new Map(source.files.map((f) => [f.id, f]));
  const sourceCards = new Map(source.cards.map((c) => [c.id, c]));
  const unknown: ErrorDetail[] = [
    ...files.filter(([fileId]) => !sourceFiles.has(fileId)).map(([fileId]) => `files.${fileId}`),
    ...cards.filter(([cardId]) => !sourceCards.has(cardId)).map(([cardId]) => `cards.${cardId}`),
  ].map((path) => ({ path, message: `is not a ${path.startsWith('files') ? 'file' : 'tech card'} of this DPP` }));
  if (unknown.length > 0) {
    throw new InvalidInputError(
      'the translation names files or tech cards this DPP does not have',
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
    ...cards.map(([cardId, text]) => ({
      key: `card:${cardId}`,
      ...pick(defined(sourceCards.get(cardId), `card ${cardId}`)),
      translated: text,
    })),
  ];
  const fresh = translationAttributes(units);
  const merged = new Map([...source.stored, ...Object.entries(fresh)]);
  const bytes = Buffer.byteLength(JSON.stringify(Object.fromEntries(merged)));
  if (bytes > MAX_TRANSLATION_ITEM_BYTES) {
    throw new InvalidInputError(
      `the stored ${language} translation of this DPP would be ${bytes} bytes; at most ${MAX_TRANSLATION_ITEM_BYTES}`,
      'TRANSLATION_TOO_LARGE',
    );
  }
  if (!(await storeSuppliedTranslations(dppId, auth.companyId, language, fresh))) throw dppNotFound();

  return {
    message: `Translation ${language} of DPP ${dppId} stored`,
    ok: true as const,
    translation: storedView(language, merged, {
      dpp: pick(dpp),
      files: [...sourceFiles].map(([fileId, f]) => [fileId, pick(f)] as const),
      cards: [...sourceCards].map(([cardId, c]) => [cardId, pick(c)] as const),
    }),
  };
}

const pick = (t: Text): Text => ({ name: t.name, description: t.description });

/**
 * What is stored for the language, for the DPP and its current files and cards (units of deleted
 * ones are left out): each unit's text, and `stale` naming the units made for an older wording
 * of their source text (`dpp`, `files.<id>`, `cards.<id>`), which GET /dpp/{dppId} does not serve.
 */
function storedView(
  language: string,
  stored: Map<string, TranslatedUnit>,
  current: { dpp: Text; files: ReadonlyArray<readonly [string, Text]>; cards: ReadonlyArray<readonly [string, Text]> },
) {
  const stale: string[] = [];
  const shown = (key: string, path: string, text: Text): Text[] => {
    const unit = stored.get(key);
    if (!unit) return [];
    if (unit.source !== fingerprint(text)) stale.push(path);
    return [pick(unit)];
  };
  const of = (kind: 'file' | 'card', list: ReadonlyArray<readonly [string, Text]>) =>
    Object.fromEntries(
      list.flatMap(([itemId, text]) => shown(`${kind}:${itemId}`, `${kind}s.${itemId}`, text).map((t) => [itemId, t])),
    );
  const [dpp] = shown('dpp', 'dpp', current.dpp);
  const files = of('file', current.files);
  const cards = of('card', current.cards);
  return { language, ...dpp, files, cards, stale };
}
