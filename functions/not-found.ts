import { routeNotFound } from '../lib/http/not-found';

/** No Middy, no logger, no validation: a fixed answer costs what a bare handler costs. */
export const handler = routeNotFound;
