import * as v from 'valibot';
import { putRegistrationInput } from '../../registry/put-registration';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { timestamp } from '../views';

export const putRegistrationRoute = defineRoute({
  method: 'PUT',
  path: '/dpps/{dppId}/registration',
  fn: 'put-registration',
  auth: 'jwt',
  access: { table: 'write', cdn: true },
  body: 'json',
  input: putRegistrationInput,
  errors: { invalid: 400, not_found: 404, conflict: 409, too_large: 413, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const putRegistrationDocs = /* @__PURE__ */ describeRoute(putRegistrationRoute, () => ({
  tag: 'EU registry',
  summary: 'Store the EU registry’s identifier of a passport and its proof of registration',
  description:
    'JSON `{registration_id, proof}`: the identifier the EU DPP registry gave the passport, and the proof of ' +
    'registration it returned (Art. 9 of Implementing Regulation (EU) 2026/1778) as `{registry_id, upi, version, ' +
    'version_hash, registered_at, seal: {format, value}}`: `registry_id` the same identifier, `version` and ' +
    '`version_hash` the passport version registered and the SHA-256 of its canonical document (`GET ' +
    '/dpp/{dppId}/versions/{version}`, 64 lowercase hex digits), `seal` the e-sealed document itself (`JAdES`, ' +
    '`CAdES`, `XAdES` or `PAdES`, base64, at most 64 KiB), stored as sent. The hash must be the stored hash of that ' +
    'version; the identifier then shows on the passport’s page, its JSON (`registration_id`) and its company’s ' +
    'views. Sending it again stores the same; a later registration replaces the identifier and keeps each ' +
    'version’s proof (docs/behaviour.md, The proof of registration).',
  response: v.strictObject({
    dpp_id: v.string(),
    registration: v.strictObject({
      id: v.string(),
      version: v.pipe(v.number(), v.integer(), v.minValue(1)),
      version_hash: v.string(),
      registered_at: v.string(),
      stored_at: timestamp,
    }),
  }),
  errors: {
    invalid: invalid(
      'A malformed `dppId`, a missing, invalid or unknown field (`VALIDATION_ERROR`, with `details`), or a proof ' +
        'whose `registry_id` is not the `registration_id` (`REGISTRATION_ID_MISMATCH`). Nothing is written',
    ),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
    conflict:
      'The proof’s `version_hash` is not the stored hash of its `version` (`VERSION_HASH_MISMATCH`), or the passport ' +
      'has no such version (`VERSION_NOT_FOUND`). Nothing is written',
    too_large: 'The body exceeds 256 KiB',
  },
  // A proof of the sample passport's version 1 with a hash that is not its own: refused, nothing written.
  example: {
    params: { dppId: DPP },
    json: {
      registration_id: '7f3e9c2a-5b8d-4e1f-a6c3-9d4b2e7f8a1c',
      proof: {
        registry_id: '7f3e9c2a-5b8d-4e1f-a6c3-9d4b2e7f8a1c',
        upi: 'https://dpp.example.com/01/08012345000098/21/SE-000001',
        version: 1,
        version_hash: '0000000000000000000000000000000000000000000000000000000000000000',
        registered_at: '2026-07-21T09:30:00.000Z',
        seal: { format: 'JAdES', value: 'ZXlKaGJHY2lPaUpGVXpJMU5pSjk=' },
      },
    },
    status: 409,
    stubbedStatus: 200,
  },
}));
