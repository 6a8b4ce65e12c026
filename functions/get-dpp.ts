import { getDppRoute } from '../lib/api/routes/get-dpp';
import { viewDpp } from '../lib/dpps/view-dpp';
import { publicEndpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = publicEndpoint(getDppRoute, async ({ input }) => {
  const { dpp, language } = await viewDpp(input);
  return ok({ dpp }, { 'content-language': language });
});
