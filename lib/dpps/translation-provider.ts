import { amazonTranslate } from '../aws/translate';
import { optional } from '../config';
import type { Translator } from '../translator';

/** `TRANSLATE_PROVIDER=aws` in the cloud; unset or `none` locally (stored translations only). */
const provider = /* @__PURE__ */ optional('TRANSLATE_PROVIDER', ['aws', 'none']);

export const translator = (): Translator | undefined => (provider() === 'aws' ? amazonTranslate : undefined);
