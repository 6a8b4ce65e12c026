import { fixedRead } from '../lib/http/fixed-read';
import { listProfiles, listProfilesMethods } from '../lib/profiles/list-profiles';

/** No Middy, no token, no table: the profiles' summaries, fixed in the bundle (lib/http/fixed-read.ts). */
export const handler = fixedRead(listProfilesMethods, () => listProfiles());
