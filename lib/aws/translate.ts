import { TranslateClient, TranslateTextCommand } from '@aws-sdk/client-translate';
import { optional, region } from '../config';
import { defined } from '../defined';
import { InvalidInputError, UnavailableError } from '../errors';
import type { Translator } from '../translator';
import { bounded, clientSettings } from './budget';

const endpoint = /* @__PURE__ */ optional('TRANSLATE_ENDPOINT');
let client: TranslateClient | undefined;
const translateClient = (): TranslateClient => {
  client ??= bounded(new TranslateClient({ region: region(), endpoint: endpoint(), ...clientSettings(3_000) }));
  return client;
};

/** At most this many TranslateText calls at once, to stay under Translate's rate limits. */
const CONCURRENCY = 4;

/** Amazon Translate behind the Translator port. A language it cannot do is 400; any other failure 503. */
export const amazonTranslate: Translator = {
  async translate(texts, from, to) {
    const out = new Array<string>(texts.length);
    let next = 0;
    const worker = async () => {
      while (next < texts.length) {
        const i = next++;
        out[i] = await translateOne(defined(texts[i], 'a text to translate'), from, to);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, texts.length) }, worker));
    return out;
  },
};

async function translateOne(text: string, from: string, to: string): Promise<string> {
  if (text.trim() === '') return text;
  try {
    const result = await translateClient().send(
      new TranslateTextCommand({ Text: text, SourceLanguageCode: from, TargetLanguageCode: to }),
    );
    return result.TranslatedText ?? text;
  } catch (error) {
    if ((error as Error).name === 'UnsupportedLanguagePairException') {
      throw new InvalidInputError(`translation from ${from} to ${to} is not supported`, 'UNSUPPORTED_LANGUAGE');
    }
    throw new UnavailableError('The translation service is unavailable; please retry shortly');
  }
}
