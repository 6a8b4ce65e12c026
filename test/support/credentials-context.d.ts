/** @digitalbazaar/credentials-context ships no types: the W3C VC contexts by their URL. */
declare module '@digitalbazaar/credentials-context' {
  export const contexts: ReadonlyMap<string, object>;
}
