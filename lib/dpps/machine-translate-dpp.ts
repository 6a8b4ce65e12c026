import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { defined } from '../defined';
import { UnavailableError } from '../errors';
import { ISO_639_1 } from '../languages';
import { countMachineTranslations } from '../metrics';
import { id } from '../schemas';
import { dppNotFound } from './model';
import { assertWithinLimit, sourceLanguageRefused } from './put-dpp-translation';
import { readDppCollection, storeSuppliedTranslations } from './repository';
import { translator } from './translation-provider';
import {
  currentTranslation,
  type SourceUnit,
  sourceUnitsOf,
  storedTranslationView,
  translationAttributes,
} from './translations';

export const machineTranslateDppInput = v.object({
  params: v.object({
    dppId: id,
    language: v.picklist(ISO_639_1, 'must be an ISO 639-1 code in lowercase, such as it or fr'),
  }),
});
type Input = v.InferOutput<typeof machineTranslateDppInput>;

/**
 * The company asks for a machine translation of its DPP into one language (an authoring action:
 * the company pays for it, so only its members may ask; the public view never translates). Every
 * text with no current translation in the language (the DPP's, its files', its cards' and their
 * characteristics': missing, or made for an older wording) is sent to the translation provider
 * (Amazon Translate in the cloud, a stand-in locally); texts with a current translation, the
 * company's own included, stay as they are. The new ones are merged into the language's stored
 * item in one transaction with the check that the DPP is the company's. The language is then
 * offered on the passport page like any stored one.
 */
export async function machineTranslateDpp(auth: Principal, { params }: Input) {
  const { dppId, language } = params;
  const source = await readDppCollection(dppId, language);
  const dpp = source.dpp;
  if (dpp?.company_id !== auth.companyId) throw dppNotFound();
  const from = dpp.language ?? 'en';
  if (language === from) throw sourceLanguageRefused(language, from);

  const missing: SourceUnit[] = sourceUnitsOf(dpp, source.files, source.cards).filter(
    (unit) => currentTranslation(source.stored, unit) === undefined,
  );
  let stored = source.stored;
  if (missing.length > 0) {
    const provider = translator();
    if (!provider) throw new UnavailableError('Machine translation is not configured; please retry later');
    // Empty texts (a characteristic's description, an empty one) are not sent: the adapter keeps them.
    const out = await provider.translate(
      missing.flatMap((unit) => [unit.name, unit.description]),
      from,
      language,
    );
    const fresh = translationAttributes(
      missing.map((unit, i) => ({
        ...unit,
        translated: {
          name: defined(out[2 * i], `${unit.key} name`),
          description: defined(out[2 * i + 1], `${unit.key} description`),
        },
      })),
    );
    stored = new Map([...source.stored, ...Object.entries(fresh)]);
    assertWithinLimit(language, stored);
    if (!(await storeSuppliedTranslations(dppId, auth.companyId, language, fresh))) throw dppNotFound();
    countMachineTranslations(missing.length);
  }

  return {
    message: `Machine translation ${language} of DPP ${dppId} stored (${missing.length} texts translated)`,
    ok: true as const,
    translated: missing.length,
    translation: storedTranslationView(language, stored, dpp, source.files, source.cards),
  };
}
