import * as v from 'valibot';
import { getKybDataInput } from '../../companies/kyb/get-kyb-data';
import { defineRoute } from '../contract';
import { authenticated, invalid } from '../errors';
import { kybData } from '../views';

export const getKybDataRoute = defineRoute({
  method: 'GET',
  path: '/kyb-data/{userId}',
  fn: 'get-kyb-data',
  auth: 'jwt',
  access: { table: 'read' },
  tag: 'KYB',
  summary: "View the KYB data of a user's company",
  description:
    "The KYB data last sent to POST /verify-business for the user's company, as sent (trimmed). `userId` must be " +
    "the token's user or a user of the token's company; another company's user answers as an unknown one (406).",
  input: getKybDataInput,
  response: v.strictObject({ data: kybData }),
  errors: {
    invalid: invalid('A path parameter is malformed'),
    not_found: { status: 406, description: "No such user in the token's company, or no KYB data for its company" },
    ...authenticated,
  },
});
