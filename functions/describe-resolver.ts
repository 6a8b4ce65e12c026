import { json } from '../lib/http/response';
import { describeResolver } from '../lib/resolver/describe-resolver';

/** No Middy, no token, no table: a fixed answer from the public base URL (like health). */
export const handler = async () => json(200, describeResolver());
