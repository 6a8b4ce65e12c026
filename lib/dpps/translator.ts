/** The translation provider port (Amazon Translate in the cloud; none locally). */
export interface Translator {
  /** Translates each text; the result has the same length and order. */
  translate(texts: string[], from: string, to: string): Promise<string[]>;
}
