import { dppContext, getDppContextMethods, JSON_LD_TYPE } from '../lib/credentials/context';
import { fixedRead } from '../lib/http/fixed-read';

/** No Middy, no token, no table: the service's JSON-LD context, from the public base URL alone (lib/http/fixed-read.ts). */
export const handler = fixedRead(getDppContextMethods, () => dppContext(), JSON_LD_TYPE);
