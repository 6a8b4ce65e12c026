import { errorAnswer } from './html';
import type { ApiEvent } from './types';

/**
 * Unknown route (docs/spec/decisions.md, Transport): exactly `{"error":"Not Found"}`; a browser
 * (Accept ranks text/html above JSON) gets the HTML error page instead.
 */
export const routeNotFound = async (event: ApiEvent) => errorAnswer(404, { error: 'Not Found' }, undefined, event);
