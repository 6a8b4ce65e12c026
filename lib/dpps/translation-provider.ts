import { amazonTranslate } from '../aws/translate';
import { ConfigError, optional } from '../config';
import type { Translator } from './translator';

/** `TRANSLATE_PROVIDER=aws` in the cloud; unset locally (stored translations only). */
const provider = optional('TRANSLATE_PROVIDER');
if (provider !== undefined && provider !== 'aws' && provider !== 'none') {
  throw new ConfigError(`TRANSLATE_PROVIDER must be "aws" or "none", not "${provider}"`);
}

export const translator: Translator | undefined = provider === 'aws' ? amazonTranslate : undefined;
