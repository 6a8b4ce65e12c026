/** Texts the rows of the passport API share (lib/passport-api): only the docs read them. */

/** What every read of the passport API says of who reads what (docs/behaviour.md, The passport API). */
export const EN18222_READ =
  'Public, like `GET /dpp/{dppId}`: an anonymous reader reads the `public` tier; an access grant ' +
  '(`x-dpp-access: <grantId>.<secret>`, or `?access=`) raises it to the grant’s (`legitimate_interest`, or ' +
  '`authority`, which includes it), and each read through it is logged. Parts and profile attributes above the ' +
  'reader’s tier are left out, never blanked. The company reads its own passports whole, drafts and archived ones ' +
  'too, through `GET /dpps/{dppId}` with its token (and every write here answers the passport as the company reads ' +
  'it). The texts are in the stored translation the `language` header asks for, as `GET /dpp/{dppId}`’s.';
