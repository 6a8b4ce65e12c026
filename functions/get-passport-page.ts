import { getPassportPageRoute } from '../lib/api/routes/get-passport-page';
import { htmlPage } from '../lib/http/html';
import { publicPageEndpoint } from '../lib/http/page-endpoint';
import { viewPassport } from '../lib/pages/view-passport';

export const handler = publicPageEndpoint(getPassportPageRoute, async ({ input, client }) =>
  htmlPage(await viewPassport(input, client), input.headers['if-none-match']),
);
