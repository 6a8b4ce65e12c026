import { json } from './response';

const answer = json(404, { error: 'Not Found' });

/** Unknown route (docs/spec/decisions.md, Transport): exactly `{"error":"Not Found"}`. */
export const routeNotFound = async () => ({ ...answer, headers: { ...answer.headers } });
