import * as v from 'valibot';
import { viewDppInput } from '../../dpps/view-dpp';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { translatedDpp } from '../views';

export const getDppRoute = defineRoute({
  method: 'GET',
  path: '/dpp/{dppId}',
  fn: 'get-dpp',
  auth: 'public',
  access: { table: 'update', bucket: ['get'], translate: true, links: true },
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
  summary: 'View a DPP with images, files and tech cards, translated by the `language` header',
  description:
    'Public: consumers scan a QR code. Texts come from stored translations first, then from the translation ' +
    'provider (stored for next time); with none, a text keeps its original. `Content-Language` names the ' +
    'languages returned, the asked one first (`it`, or `it, en` when some texts had no translation). Each file ' +
    'and image has `url`, its public address (`GET /dpp/{dppId}/files/{fileId}`, `…/images/{imageId}`: a ' +
    'redirect to its bytes), beside the interface’s fields. A browser (`Accept` ranks `text/html` above JSON) ' +
    'gets **303** to the passport page (`GET /passport/{dppId}`) instead, without a read; every other client ' +
    'the JSON (`Vary: Accept`).',
  response: v.strictObject({ dpp: translatedDpp }),
  responseHeaders: {
    'content-language': 'The languages of the texts returned, the asked one first',
    vary: '`Accept, language, x-dpp-access`: every header the answer depends on',
  },
  answers: [{ status: 303, description: 'A browser asked: to the passport page (`Location`)' }],
  errors: {
    invalid: invalid(
      '`dppId` is malformed, the `language` header is not an ISO 639-1 code, or the pair cannot be translated',
    ),
    not_found: 'No DPP with this id, or one its company has not published (answered alike)',
  },
  example: {
    params: { dppId: DPP },
    headers: { language: 'it' },
    status: 200,
  },
}));
