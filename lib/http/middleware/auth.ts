import type middy from '@middy/core';
import type { Principal } from '../../auth/claims';
import { verifyAuthorization } from '../../auth/verify-token';
import type { ApiEvent } from '../types';

/** Verifies the bearer token before anything else reads the request. */
export function bearerAuth(): middy.MiddlewareObj<ApiEvent> {
  return {
    before: async (request) => {
      request.event.auth = await verifyAuthorization(request.event.headers?.authorization);
    },
  };
}

export type { Principal };
