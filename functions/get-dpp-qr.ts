import { getDppQrRoute } from '../lib/api/routes/get-dpp-qr';
import { getDppQr } from '../lib/dpps/get-dpp-qr';
import { jwtEndpoint } from '../lib/http/endpoint';
import { raw } from '../lib/http/response';

export const handler = jwtEndpoint(getDppQrRoute, async ({ auth, input }) => {
  const { uri, contentType, body } = await getDppQr(auth, input);
  return raw(
    200,
    { 'content-type': contentType, 'cache-control': 'private, max-age=3600', 'x-digital-link': uri },
    body,
  );
});
