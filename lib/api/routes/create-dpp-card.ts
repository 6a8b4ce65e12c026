import * as v from 'valibot';
import { createDppCardInput } from '../../dpp-cards/create-dpp-card';
import { MAX_CARD_CHARACTERISTICS, MAX_CHARACTERISTIC_LENGTH } from '../../limits';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done, dppCard } from '../views';

export const createDppCardRoute = defineRoute({
  method: 'POST',
  path: '/dpps/{dppId}/cards',
  fn: 'create-dpp-card',
  auth: 'jwt',
  access: { table: 'write' },
  body: 'json',
  idempotent: true,
  input: createDppCardInput,
  errors: {
    invalid: 400,
    not_found: 404,
    too_large: 413,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createDppCardDocs = /* @__PURE__ */ describeRoute(createDppCardRoute, () => ({
  tag: 'DPP tech cards',
  summary: 'Add a tech card to a DPP',
  description:
    'JSON `{name, description?, characteristics?: [{characteristic, id?}]}`: `name` 1-200 characters, `description` ' +
    `at most 2000 (default \`""\`), at most ${MAX_CARD_CHARACTERISTICS} characteristics of 1-${MAX_CHARACTERISTIC_LENGTH} ` +
    'characters. A characteristic without an `id` gets a UUIDv7; sent ids (1-64 letters, digits, `-` or `_`) must be ' +
    'distinct within the card. The card’s `id` is the server’s (UUIDv7). The card is written only while the DPP is ' +
    'the company’s, and shows in `GET /dpp/{dppId}` and in every version created after it.',
  response: v.strictObject({ ...done, card: dppCard }),
  errors: {
    invalid: invalid('An invalid field or a body that is not a JSON object'),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
    too_large: 'The body exceeds 256 KiB',
  },
  example: {
    params: { dppId: DPP },
    json: {
      name: 'Brakes',
      description: 'Hydraulic disc brakes',
      characteristics: [{ characteristic: 'Rotor: 180 mm' }, { characteristic: 'Fluid: mineral oil' }],
    },
    status: 200,
  },
}));
