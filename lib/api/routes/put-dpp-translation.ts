import * as v from 'valibot';
import { putDppTranslationInput } from '../../dpps/put-dpp-translation';
import { MAX_TRANSLATION_ITEM_BYTES } from '../../limits';
import { defineRoute } from '../contract';
import { DPP, DPP_FILE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done, storedTranslation } from '../views';

export const putDppTranslationRoute = defineRoute({
  method: 'PUT',
  path: '/dpps/{dppId}/translations/{language}',
  fn: 'put-dpp-translation',
  auth: 'jwt',
  access: { table: 'write' },
  body: 'json',
  input: putDppTranslationInput,
  errors: {
    invalid: 400,
    not_found: 404,
    too_large: 413,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const putDppTranslationDocs = /* @__PURE__ */ describeRoute(putDppTranslationRoute, () => ({
  tag: 'DPP translations',
  summary: 'Store the company’s own translation of a DPP’s texts into one language',
  description:
    'JSON `{name?, description?, files?: {<fileId>: {name, description}}, cards?: {<cardId>: {name, description}}}`: ' +
    'the DPP’s name and description (both or neither), and those of its files and tech cards by id, in `language` ' +
    '(ISO 639-1; not the DPP’s own language, 400 `SOURCE_LANGUAGE`: change the DPP instead). At least one text ' +
    '(`NOTHING_TO_UPDATE`); every id must be a file or card of this DPP (`NOT_IN_DPP`, `details` naming ' +
    '`files.<id>` or `cards.<id>`). The texts sent replace those texts for the language; the others stored for it ' +
    '(the company’s or machine translations) stay. `GET /dpp/{dppId}` with the header `language` serves them ' +
    'instead of a machine translation, for as long as the source text is unchanged: a change of the DPP’s, ' +
    'file’s or card’s name or description makes its translation stale, like a machine one (it is translated ' +
    'again, or the original is shown). The answer is what is stored for the language, for the DPP and its current ' +
    `files and cards, with \`stale\` naming the stale texts. At most ${MAX_TRANSLATION_ITEM_BYTES / 1024} KiB of ` +
    'stored translation per language (`TRANSLATION_TOO_LARGE`).',
  response: v.strictObject({ ...done, translation: storedTranslation }),
  errors: {
    invalid: invalid(
      'An invalid field or language, the DPP’s own language (`SOURCE_LANGUAGE`), nothing to store ' +
        '(`NOTHING_TO_UPDATE`), a file or card that is not the DPP’s (`NOT_IN_DPP`), a translation over its limit ' +
        '(`TRANSLATION_TOO_LARGE`) or a body that is not a JSON object',
    ),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
    too_large: 'The body exceeds 256 KiB',
  },
  // German texts of the passport and of its file the samples only read (the passport's source language is en).
  example: {
    params: { dppId: DPP, language: 'de' },
    json: {
      name: 'Pass der Beispielereignisse',
      description: 'Der Pass, den die Beispielereignisse lesen und ändern',
      files: {
        [DPP_FILE.read]: { name: 'Montageanleitung', description: 'Vom Beispielereignis get-dpp-file gelesen' },
      },
    },
    status: 200,
  },
}));
