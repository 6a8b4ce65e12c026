import * as v from 'valibot';
import { deleteDppCardInput } from '../../dpp-cards/delete-dpp-card';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { done } from '../views';

export const deleteDppCardRoute = defineRoute({
  method: 'DELETE',
  path: '/dpps/{dppId}/cards/{cardId}',
  fn: 'delete-dpp-card',
  auth: 'jwt',
  access: { table: 'write' },
  tag: 'DPP tech cards',
  summary: 'Delete a tech card of a DPP',
  description: 'Versions already taken keep the card as it was.',
  input: deleteDppCardInput,
  response: v.strictObject(done),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: {
      status: 404,
      description: 'No tech card with this id on this DPP in the company of the token (`CARD_NOT_FOUND`)',
    },
    ...authenticated,
  },
});
