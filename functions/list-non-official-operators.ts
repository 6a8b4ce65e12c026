import { listNonOfficialOperatorsRoute } from '../lib/api/routes/list-non-official-operators';
import { jwtEndpoint } from '../lib/http/endpoint';
import { listNonOfficialOperators } from '../lib/operators/list-non-official-operators';

export const handler = jwtEndpoint(listNonOfficialOperatorsRoute, ({ auth, input }) =>
  listNonOfficialOperators(auth, input),
);
