import * as v from 'valibot';
import { machineTranslateDppInput } from '../../dpps/machine-translate-dpp';
import { MAX_TRANSLATION_ITEM_BYTES } from '../../limits';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done, storedTranslation } from '../views';

export const machineTranslateDppRoute = defineRoute({
  method: 'POST',
  path: '/dpps/{dppId}/translations/{language}/machine',
  fn: 'machine-translate-dpp',
  auth: 'jwt',
  // Amazon Translate is paid per character: only this authenticated route may call it (docs/choices.md, Translations).
  access: { table: 'write', translate: true },
  input: machineTranslateDppInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const machineTranslateDppDocs = /* @__PURE__ */ describeRoute(machineTranslateDppRoute, () => ({
  tag: 'DPP translations',
  summary: 'Have the DPP’s untranslated texts machine-translated into one language, and store them',
  description:
    'No body. Every text of the DPP with no current translation in `language` (ISO 639-1; not the DPP’s own ' +
    'language, 400 `SOURCE_LANGUAGE`): the DPP’s name and description, its files’ and tech cards’, and each ' +
    'card’s characteristics, missing or made for an older wording, is translated by the translation provider ' +
    '(Amazon Translate; a stand-in locally) and stored for the language, merged like ' +
    '`PUT /dpps/{dppId}/translations/{language}`; texts with a current translation (the company’s own included) ' +
    'are left as they are, so asking again translates nothing. This is the only route that calls the provider: ' +
    'the company pays for it, so only its members may ask. `GET /dpp/{dppId}` and the passport page serve ' +
    'stored translations only, never making one. The answer is `translated` (how many texts were sent) and ' +
    `what is stored for the language, as the PUT answers it. At most ${MAX_TRANSLATION_ITEM_BYTES / 1024} KiB ` +
    'of stored translation per language (`TRANSLATION_TOO_LARGE`).',
  response: v.strictObject({ ...done, translated: v.number(), translation: storedTranslation }),
  errors: {
    invalid: invalid(
      'An invalid DPP id or language, the DPP’s own language (`SOURCE_LANGUAGE`), a language the provider cannot ' +
        'translate into (`UNSUPPORTED_LANGUAGE`) or a translation over its limit (`TRANSLATION_TOO_LARGE`)',
    ),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
  },
  // Spanish: no stored translation of the samples' passport, so the stand-in translates every text.
  example: { params: { dppId: DPP, language: 'es' }, status: 200 },
}));
