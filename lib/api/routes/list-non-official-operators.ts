import * as v from 'valibot';
import { listNonOfficialOperatorsInput } from '../../operators/list-non-official-operators';
import { defineRoute } from '../contract';
import { authenticated, invalid, paging } from '../errors';
import { listedOperator, nextCursor } from '../views';

export const listNonOfficialOperatorsRoute = defineRoute({
  method: 'GET',
  path: '/view-non-official-operators/{companyId}',
  fn: 'list-non-official-operators',
  auth: 'jwt',
  access: { table: 'read', cursorKey: true },
  tag: 'Non-official operators',
  summary: 'List the non-official operators of the company',
  description:
    "People who work with the company's products without membership (repairers, recyclers, suppliers), oldest " +
    'first, paged with `limit` and `cursor`. An operator who became an official member (by accepting an ' +
    "invitation with `operator_id`) is no longer listed. Its 500 keeps the interface's prefix: " +
    '`{"error":"Could not view non-official operators: Internal server error"}`.',
  input: listNonOfficialOperatorsInput,
  response: v.strictObject({ nonOfficialOperators: v.array(listedOperator), ...nextCursor }),
  failurePrefix: 'Could not view non-official operators: ',
  errors: {
    invalid: invalid(paging),
    forbidden: { status: 403, description: "`companyId` is not the token's company (`COMPANY_MISMATCH`)" },
    ...authenticated,
  },
});
