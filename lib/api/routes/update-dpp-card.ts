import * as v from 'valibot';
import { updateDppCardInput } from '../../dpp-cards/update-dpp-card';
import { defineRoute } from '../contract';
import { DPP, DPP_CARD } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done, dppCard } from '../views';

export const updateDppCardRoute = defineRoute({
  method: 'PUT',
  path: '/dpps/{dppId}/cards/{cardId}',
  fn: 'update-dpp-card',
  auth: 'jwt',
  access: { table: 'update', cdn: true },
  body: 'json',
  input: updateDppCardInput,
  errors: {
    invalid: 400,
    not_found: 404,
    too_large: 413,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const updateDppCardDocs = /* @__PURE__ */ describeRoute(updateDppCardRoute, () => ({
  tag: 'DPP tech cards',
  summary: 'Change a tech card of a DPP',
  description:
    'JSON with any of `name`, `description`, `characteristics` (the rules of creating a card; none is 400 ' +
    '`NOTHING_TO_UPDATE`). `characteristics` replaces the card’s list as a whole: send an existing `id` to keep it. ' +
    'Versions already taken keep the card as it was.',
  response: v.strictObject({ ...done, card: dppCard }),
  errors: {
    invalid: invalid('Nothing to update, an invalid field or a body that is not a JSON object'),
    not_found: 'No tech card with this id on this DPP in the company of the token (`CARD_NOT_FOUND`)',
    too_large: 'The body exceeds 256 KiB',
  },
  // The passport's seeded card: changed here, deleted by the next sample (a second run of either is 404).
  example: {
    params: { dppId: DPP, cardId: DPP_CARD },
    json: { description: 'Second revision', characteristics: [{ characteristic: 'Revised: yes' }] },
    status: 200,
  },
}));
