import type { RuntimeRoute } from '../api/contract';
import { compose, type Exact, type Kind, type Run } from './endpoint';
import { bearerAuth } from './middleware/auth';
import { idempotency } from './middleware/idempotency';
import { multipartBody } from './middleware/multipart-body';

/*
 * The entry points of upload rows (multipart bodies), apart from lib/http/endpoint.ts so that
 * no other function bundles the multipart parser, busboy (see there, on entry points per kind
 * of row).
 */

/** A jwt row with a multipart body, not idempotent. */
export const jwtMultipartEndpoint = <
  R extends RuntimeRoute & Kind<'jwt', 'multipart', false> & { body: 'multipart' },
  F extends Run<R>,
>(
  route: R,
  run: F & Exact<R, F>,
) => compose(route, run, { auth: bearerAuth(), body: multipartBody() });

/** An idempotent (so jwt) row with a multipart body. */
export const idempotentMultipartEndpoint = <
  R extends RuntimeRoute & Kind<'jwt', 'multipart', true> & { body: 'multipart'; idempotent: true },
  F extends Run<R>,
>(
  route: R,
  run: F & Exact<R, F>,
) => compose(route, run, { auth: bearerAuth(), body: multipartBody(), idempotency: idempotency() });
