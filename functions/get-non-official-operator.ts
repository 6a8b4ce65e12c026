import { getNonOfficialOperatorRoute } from '../lib/api/routes/get-non-official-operator';
import { jwtEndpoint } from '../lib/http/endpoint';
import { getNonOfficialOperator } from '../lib/operators/get-non-official-operator';

export const handler = jwtEndpoint(getNonOfficialOperatorRoute, ({ auth, input }) =>
  getNonOfficialOperator(auth, input),
);
