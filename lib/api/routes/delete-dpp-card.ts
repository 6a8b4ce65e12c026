import * as v from 'valibot';
import { deleteDppCardInput } from '../../dpp-cards/delete-dpp-card';
import { defineRoute } from '../contract';
import { DPP, DPP_CARD } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done } from '../views';

export const deleteDppCardRoute = defineRoute({
  method: 'DELETE',
  path: '/dpps/{dppId}/cards/{cardId}',
  fn: 'delete-dpp-card',
  auth: 'jwt',
  access: { table: 'write' },
  input: deleteDppCardInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const deleteDppCardDocs = /* @__PURE__ */ describeRoute(deleteDppCardRoute, () => ({
  tag: 'DPP tech cards',
  summary: 'Delete a tech card of a DPP',
  description: 'Versions already taken keep the card as it was.',
  response: v.strictObject(done),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: 'No tech card with this id on this DPP in the company of the token (`CARD_NOT_FOUND`)',
  },
  example: {
    params: { dppId: DPP, cardId: DPP_CARD },
    status: 200,
  },
}));
