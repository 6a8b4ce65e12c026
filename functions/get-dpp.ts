import { GRANT_HEADERS } from '../lib/access-tiers/read-access';
import { getDppRoute } from '../lib/api/routes/get-dpp';
import { viewDpp } from '../lib/dpps/view-dpp';
import { publicEndpoint } from '../lib/http/endpoint';
import { DPP_VARY, ok } from '../lib/http/response';
import { toPassportPage } from '../lib/http/see-page';

export const handler = publicEndpoint(getDppRoute, async ({ input, client }) => {
  const page = toPassportPage(input.params.dppId, input.headers.accept, input.query.access);
  if (page) return page;
  const { dpp, language, grant, access } = await viewDpp(input, client);
  // Every header the answer depends on: a browser's Accept (the 303 above), the language, a grant's header.
  return ok(
    { dpp, ...(access && { access }) },
    { 'content-language': language, vary: DPP_VARY, ...(grant && GRANT_HEADERS) },
  );
});
