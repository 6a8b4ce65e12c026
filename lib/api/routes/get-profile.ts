import * as v from 'valibot';
import { catalogueResponse } from '../../profiles/format';
import { getProfileMethods } from '../../profiles/get-profile';
import { defineRoute } from '../contract';
import { describeRoute } from '../docs';
import { invalid } from '../errors';

export const getProfileRoute = defineRoute({
  ...getProfileMethods,
  path: '/profiles/{profileId}',
  fn: 'get-profile',
  auth: 'public',
  access: {},
  // A profile id is lowercase letters, digits and hyphens (an unknown one is 404), no query parameter: the
  // handler checks it by hand (lib/http/fixed-read.ts, no valibot in its bundle: an id that is no profile's,
  // malformed or not, answers 404 there); this schema is the docs' and the contract tests'.
  input: v.object({
    params: v.object({ profileId: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/)) }),
    query: v.strictObject({}, 'is not a parameter of this route'),
  }),
  errors: { invalid: 400, not_found: 404 },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getProfileDocs = /* @__PURE__ */ describeRoute(getProfileRoute, () => ({
  tag: 'Profiles',
  summary: 'A sector profile’s whole attribute catalogue',
  description:
    'Public, no token: the profile’s data file as it is (docs/profiles.md). Its `aspects` group its ' +
    '`attributes`; each attribute has an `id`, a `label` per language, where its value is in its aspect’s ' +
    'document (`pointer`, an RFC 6901 JSON pointer, and `item` for a value in the items of a list; or ' +
    '`composedOf`, the attributes it is made of), its value `type` (number, integer, string, enum, date, uri, ' +
    'boolean, object or list; a unit and a range where they apply; the nested types of an object or list ' +
    'have the same shape), the access `tier` that may read it (`public`, `legitimate_interest`, `authority`), ' +
    'whether it is `dynamic`, its `level` (the product model, or each item), its `obligation` per category ' +
    '(`mandatory` or `voluntary`; a category not named does not apply), the article or annex point it comes ' +
    'from (`reference`), where its source has it (`origin`, with the source’s access group) and, where the ' +
    'profile departs from its source, a `note`. A fixed answer from the function’s bundle: no read, no token ' +
    '(docs/profiles.md, Reading profiles).',
  response: catalogueResponse,
  responseHeaders: {
    'cache-control': '`public, max-age=60, stale-while-revalidate=600`',
    etag: 'A strong validator of the body (its SHA-256)',
    'access-control-allow-origin': '`*`: public data any page may read',
  },
  answers: [{ status: 304, description: '`If-None-Match` names the current `ETag`: no body' }],
  errors: {
    invalid: invalid('A query parameter was sent: this route takes none (`VALIDATION_ERROR` naming it)'),
    not_found: 'No profile with this id (`PROFILE_NOT_FOUND`)',
  },
  example: { params: { profileId: 'battery-passport' }, status: 200 },
}));
