import * as v from 'valibot';
import { searchRelatedDppsInput } from '../../related-dpps/search-related-dpps';
import { defineRoute } from '../contract';
import { ADMIN_USER } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done, relatedDpp } from '../views';

export const searchRelatedDppsRoute = defineRoute({
  method: 'GET',
  path: '/related-dpps/{userId}',
  fn: 'search-related-dpps',
  auth: 'jwt',
  access: { table: 'read', tableIndexes: true },
  input: searchRelatedDppsInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const searchRelatedDppsDocs = /* @__PURE__ */ describeRoute(searchRelatedDppsRoute, () => ({
  tag: 'Related DPPs',
  summary: "Search the DPPs related to a user: its company's, its partners' and the ones they link to",
  description:
    "The DPPs of the user's company, of its partner companies, and those the company's DPPs link to " +
    "(`related_dpps`, written by `POST /related-dpps/{companyId}/{dppId}`), each once: the company's first, " +
    "then each partner's, then the other linked ones, each oldest first. Not paged. `userId` must be the token's " +
    "user or a user of the token's company; any other id, an unknown one included, is 404 `USER_NOT_FOUND`. " +
    "Two DynamoDB round trips: the company's DPPs and its partners, then the partners' DPPs and the linked ones.",
  response: v.strictObject({ ...done, dpps: v.array(relatedDpp) }),
  errors: {
    invalid: invalid('`userId` is malformed'),
    not_found: "`userId` is neither the token's user nor a user of the token's company (`USER_NOT_FOUND`)",
  },
  example: {
    params: { userId: ADMIN_USER },
    status: 200,
  },
}));
