import * as v from 'valibot';
import { updateDppCardInput } from '../../dpp-cards/update-dpp-card';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { done, dppCard } from '../views';

export const updateDppCardRoute = defineRoute({
  method: 'PUT',
  path: '/dpps/{dppId}/cards/{cardId}',
  fn: 'update-dpp-card',
  auth: 'jwt',
  access: { table: 'update' },
  tag: 'DPP tech cards',
  summary: 'Change a tech card of a DPP',
  description:
    'JSON with any of `name`, `description`, `characteristics` (the rules of creating a card; none is 400 ' +
    '`NOTHING_TO_UPDATE`). `characteristics` replaces the card’s list as a whole: send an existing `id` to keep it. ' +
    'Versions already taken keep the card as it was.',
  body: 'json',
  input: updateDppCardInput,
  response: v.strictObject({ ...done, card: dppCard }),
  errors: {
    invalid: invalid('Nothing to update, an invalid field or a body that is not a JSON object'),
    not_found: {
      status: 404,
      description: 'No tech card with this id on this DPP in the company of the token (`CARD_NOT_FOUND`)',
    },
    too_large: { status: 413, description: 'The body exceeds 256 KiB' },
    ...authenticated,
  },
});
