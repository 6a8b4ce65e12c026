import * as v from 'valibot';
import { viewPassportInput } from '../../pages/view-passport';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { HTML_ERRORS } from '../html-errors';

export const getPassportPageRoute = defineRoute({
  method: 'GET',
  path: '/passport/{dppId}',
  fn: 'get-passport-page',
  auth: 'public',
  // A link checker or a crawler asks HEAD first: the GET's status and headers, no body.
  alsoAnswers: ['HEAD'],
  // The bucket for its origin only (the CSP's img-src: the image route redirects there); links for every address on the page.
  // `update`: a read through an access grant writes its access-log entry (an UpdateItem).
  access: { table: 'update', bucket: ['get'], links: true },
  input: viewPassportInput,
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getPassportPageDocs = /* @__PURE__ */ describeRoute(getPassportPageRoute, () => ({
  tag: 'DPPs',
  summary: 'The passport page: server-rendered HTML anyone can read, in the reader’s language',
  description:
    'Where a scan lands (the resolver’s default link, `gs1:pip`; docs/choices.md, Passport page). Name, ' +
    'description, images, tech cards with their characteristics, files with download links, the company’s name ' +
    'and country, GTIN and serial, and the version history (number, date, SHA-256, notarization with its ' +
    'transaction, the version document) with how to check a hash. Language: `?lang=` when the passport has it, ' +
    'else the best of `Accept-Language` among the original and the stored translations, else the original; ' +
    '`Content-Language` names it (and the original when a text had no current translation), and the page links ' +
    'every language. No script, no cookie, nothing from another origin but the images’ signed URLs; a strict ' +
    '`Content-Security-Policy`. `ETag` (SHA-256 of the page); `If-None-Match` with it answers **304** without a ' +
    'body. `Cache-Control: public, max-age=60, stale-while-revalidate=300`, `Vary: Accept, Accept-Language`. ' +
    'Errors are an HTML page for a browser (`Accept` ranks `text/html` above JSON), the JSON error otherwise. ' +
    'One DynamoDB round trip.',
  response: v.string(),
  responseHeaders: {
    'content-language': 'The language of the texts (and the original’s, when a text had no current translation)',
    etag: 'SHA-256 of the page',
    'content-security-policy':
      'What the page may load: its inline style by hash, images from itself and the data bucket',
  },
  answers: [
    { status: 200, contentType: 'text/html', description: 'The passport page' },
    { status: 304, description: '`If-None-Match` names the current `ETag`: no body' },
    ...HTML_ERRORS,
  ],
  errors: {
    invalid: invalid('`dppId` is malformed'),
    not_found: 'No DPP with this id, or one its company has not published (answered alike)',
  },
  example: { params: { dppId: DPP }, headers: { 'accept-language': 'it' }, status: 200 },
}));
