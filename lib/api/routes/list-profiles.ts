import * as v from 'valibot';
import { profileSummary } from '../../profiles/format';
import { listProfilesMethods } from '../../profiles/list-profiles';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid } from '../errors';

export const listProfilesRoute = defineRoute({
  ...listProfilesMethods,
  path: '/profiles',
  fn: 'list-profiles',
  auth: 'public',
  access: {},
  // No parameter: an unknown query parameter is a 400 that names it. The handler checks it by
  // hand (lib/http/fixed-read.ts, no valibot in its bundle); this schema is the docs' and the contract tests'.
  input: v.object({ query: v.strictObject({}, 'is not a parameter of this route') }),
  errors: { invalid: 400 },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listProfilesDocs = /* @__PURE__ */ describeRoute(listProfilesRoute, () => ({
  tag: 'Profiles',
  summary: 'List the sector profiles: each one’s id, name, version, source and categories',
  description:
    'Public, no token: the profiles the service knows (docs/profiles.md), such as the battery passport of ' +
    'Regulation (EU) 2023/1542 derived from the Battery Pass data model 1.2.0. `source` names the model a ' +
    'profile is derived from, its licence and the attribution that licence asks for; `categories` are the ' +
    'product categories whose obligations the profile’s attributes state. `GET /profiles/{profileId}` gives a ' +
    'profile’s attributes.',
  response: v.strictObject({ profiles: v.array(profileSummary) }),
  responseHeaders: {
    'cache-control': '`public, max-age=60, stale-while-revalidate=600`',
    etag: 'A strong validator of the body (its SHA-256)',
    'access-control-allow-origin': '`*`: public data any page may read',
  },
  answers: [{ status: 304, description: '`If-None-Match` names the current `ETag`: no body' }],
  errors: { invalid: invalid('A query parameter: this route takes none (`VALIDATION_ERROR` naming it)') },
  example: { status: 200 },
}));
