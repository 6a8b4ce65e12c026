/**
 * Stand-in for the Stripe API (the promotion-code / customer / subscription subset the service
 * uses). Point the `stripe` SDK at it with `{ host: '127.0.0.1', port, protocol: 'http' }`.
 *
 * Routes are added to `stripeRoutes` below; everything else answers exactly as Stripe does for
 * an unknown URL, so client error handling is exercised against the real shape.
 */

import type { LocalEngine } from './ports';
import { healthRoute, type RouteHandler, type RouteMap, startStandIn } from './stand-in';

export interface StripeStandInOptions {
  /** 0 or undefined: a random free port. */
  port?: number;
}

const stripeRoutes: RouteMap = {
  'GET /health': healthRoute,
};

/** Stripe's 404 body for an unknown URL. */
const unrecognizedRequestUrl: RouteHandler = ({ method, path }) => ({
  status: 404,
  body: {
    error: {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    },
  },
});

export function startStripe(options: StripeStandInOptions = {}): Promise<LocalEngine> {
  return startStandIn({ port: options.port, routes: stripeRoutes, notFound: unrecognizedRequestUrl });
}
