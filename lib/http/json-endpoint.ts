import type { RuntimeRoute } from '../api/contract';
import { compose, type Exact, type Kind, type Run } from './endpoint';
import { keepGrantAnswersPrivate } from './grant-privacy';
import { bearerAuth } from './middleware/auth';
import { idempotency } from './middleware/idempotency';
import { jsonBody } from './middleware/json-body';

/*
 * The entry points of rows with a JSON body, apart from lib/http/endpoint.ts so that no other
 * function bundles the JSON parser (see there, on entry points per kind of row).
 */

/** A public row with a JSON body. */
export const publicJsonEndpoint = <
  R extends RuntimeRoute & Kind<'public', 'json', false> & { body: 'json' },
  F extends Run<R>,
>(
  route: R,
  run: F & Exact<R, F>,
) => compose(route, run, { body: jsonBody(), privacy: keepGrantAnswersPrivate });

/** A jwt row with a JSON body, not idempotent. */
export const jwtJsonEndpoint = <
  R extends RuntimeRoute & Kind<'jwt', 'json', false> & { body: 'json' },
  F extends Run<R>,
>(
  route: R,
  run: F & Exact<R, F>,
) => compose(route, run, { auth: bearerAuth(), body: jsonBody() });

/** An idempotent (so jwt) row with a JSON body. */
export const idempotentJsonEndpoint = <
  R extends RuntimeRoute & Kind<'jwt', 'json', true> & { body: 'json'; idempotent: true },
  F extends Run<R>,
>(
  route: R,
  run: F & Exact<R, F>,
) => compose(route, run, { auth: bearerAuth(), body: jsonBody(), idempotency: idempotency() });
