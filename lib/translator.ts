/**
 * The translation provider port (Amazon Translate in the cloud: lib/aws/translate.ts; none
 * locally). Below the domain, beside lib/errors.ts, so the AWS adapter implements it without
 * importing a domain folder, and lib/dpps/translation-provider.ts picks the implementation.
 */
export interface Translator {
  /** Translates each text; the result has the same length and order. */
  translate(texts: string[], from: string, to: string): Promise<string[]>;
}
