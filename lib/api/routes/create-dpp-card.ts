import * as v from 'valibot';
import { createDppCardInput } from '../../dpp-cards/create-dpp-card';
import { MAX_CARD_CHARACTERISTICS, MAX_CHARACTERISTIC_LENGTH } from '../../limits';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { done, dppCard } from '../views';

export const createDppCardRoute = defineRoute({
  method: 'POST',
  path: '/dpps/{dppId}/cards',
  fn: 'create-dpp-card',
  auth: 'jwt',
  access: { table: 'write' },
  tag: 'DPP tech cards',
  summary: 'Add a tech card to a DPP',
  description:
    'JSON `{name, description?, characteristics?: [{characteristic, id?}]}`: `name` 1-200 characters, `description` ' +
    `at most 2000 (default \`""\`), at most ${MAX_CARD_CHARACTERISTICS} characteristics of 1-${MAX_CHARACTERISTIC_LENGTH} ` +
    'characters. A characteristic without an `id` gets a UUIDv7; sent ids (1-64 letters, digits, `-` or `_`) must be ' +
    'distinct within the card. The card’s `id` is the server’s (UUIDv7). The card is written only while the DPP is ' +
    'the company’s, and shows in `GET /dpp/{dppId}` and in every version created after it.',
  body: 'json',
  idempotent: true,
  input: createDppCardInput,
  response: v.strictObject({ ...done, card: dppCard }),
  errors: {
    invalid: invalid('An invalid field or a body that is not a JSON object'),
    not_found: { status: 404, description: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)' },
    too_large: { status: 413, description: 'The body exceeds 256 KiB' },
    ...authenticated,
  },
});
