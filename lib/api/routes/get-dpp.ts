import * as v from 'valibot';
import { viewDppInput } from '../../dpps/view-dpp';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { accessStatus, translatedDpp } from '../views';

export const getDppRoute = defineRoute({
  method: 'GET',
  path: '/dpp/{dppId}',
  fn: 'get-dpp',
  auth: 'public',
  // No translate: a public route never calls the paid translation provider (docs/choices.md, Translations).
  access: { table: 'update', bucket: ['get'], links: true },
  input: viewDppInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...unavailable,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getDppDocs = /* @__PURE__ */ describeRoute(getDppRoute, () => ({
  tag: 'DPPs',
  summary: 'View a DPP with images, files and tech cards, in the stored translation the `language` header asks for',
  description:
    'Public: consumers scan a QR code. Each text (the DPP’s, its files’ and cards’ names and descriptions, the ' +
    'cards’ characteristics) comes from the language’s stored translation when one was made from its current ' +
    'wording, else it keeps its original: this route never asks the translation provider and never writes a ' +
    'translation (only the company decides which languages are stored: `PUT` and ' +
    '`POST /dpps/{dppId}/translations/{language}/machine`). `Content-Language` names the languages returned, the ' +
    'asked one first (`it`, or `it, en` when some texts had no current translation). Each file ' +
    'and image has `url`, its public address (`GET /dpp/{dppId}/files/{fileId}`, `…/images/{imageId}`: a ' +
    'redirect to its bytes), and `access_tier`, beside the interface’s fields. Read through an access grant ' +
    '(`?access=<grantId>.<secret>` or the `x-dpp-access` header), the restricted parts its tier includes are there ' +
    'too, each file’s `url` and image’s `image` and `url` their download through the grant ' +
    '(`…/files/{fileId}/download`, `…/images/{imageId}/download`: the grant checked and the fetch logged each ' +
    'time); a request carrying an `access` value gets `access`: `{"status": "granted", "tier": …}`, or ' +
    '`{"status": "invalid", "tier": "public"}` when the value names no active grant (revoked, expired or wrong ' +
    'alike): the public view. A browser (`Accept` ranks `text/html` above JSON) ' +
    'gets **303** to the passport page (`GET /passport/{dppId}`) instead, without a read; every other client ' +
    'the JSON (`Vary: Accept`).',
  response: v.strictObject({ dpp: translatedDpp, access: v.optional(accessStatus) }),
  responseHeaders: {
    'content-language': 'The languages of the texts returned, the asked one first',
    vary: '`Accept, language, x-dpp-access`: every header the answer depends on',
  },
  answers: [{ status: 303, description: 'A browser asked: to the passport page (`Location`)' }],
  errors: {
    invalid: invalid('`dppId` is malformed, or the `language` header is not an ISO 639-1 code'),
    not_found: 'No DPP with this id, or one its company has not published (answered alike)',
  },
  example: {
    params: { dppId: DPP },
    headers: { language: 'it' },
    status: 200,
  },
}));
