import { dppContextAnswer, getDppContextMethods } from '../lib/credentials/context';
import { withOtherMethods } from '../lib/http/other-methods';

/** No Middy, no token, no table: the service's JSON-LD context from the public base URL alone, and its HEAD and OPTIONS. */
export const handler = withOtherMethods<{ queryStringParameters?: Record<string, string | undefined> }>(
  getDppContextMethods,
  async (event) => dppContextAnswer(event?.queryStringParameters),
);
