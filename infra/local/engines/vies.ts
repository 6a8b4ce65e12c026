/**
 * Stand-in for the EU VIES VAT-number check (the REST API, `POST /check-vat-number`).
 *
 * Routes are added to `viesRoutes` below; everything else answers 404 in VIES's common error
 * shape (`actionSucceed: false` + `errorWrappers`), which is what clients parse on failure.
 */

import type { LocalEngine } from './ports';
import { healthRoute, type RouteHandler, type RouteMap, startStandIn } from './stand-in';

export interface ViesStandInOptions {
  /** 0 or undefined: a random free port. */
  port?: number;
}

const viesRoutes: RouteMap = {
  'GET /health': healthRoute,
};

const notFound: RouteHandler = ({ method, path }) => ({
  status: 404,
  body: {
    actionSucceed: false,
    errorWrappers: [{ error: 'NOT_FOUND', message: `No resource for ${method} ${path}` }],
  },
});

export function startVies(options: ViesStandInOptions = {}): Promise<LocalEngine> {
  return startStandIn({ port: options.port, routes: viesRoutes, notFound });
}
