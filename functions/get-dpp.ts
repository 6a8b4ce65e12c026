import { viewDpp, viewDppInput } from '../lib/dpps/view';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/response';

export const handler = endpoint('get-dpp', { input: viewDppInput }, async ({ input }) => {
  const { dpp, language } = await viewDpp(input);
  return ok({ dpp }, { 'content-language': language });
});
