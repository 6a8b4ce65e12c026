import type middy from '@middy/core';
import * as v from 'valibot';
import type { Principal } from '../../auth/claims';
import { budget, lastCalls } from '../../aws/budget';
import { InvalidInputError } from '../../errors';
import { begin, type Claim, fenceOf, finish } from '../../idempotency/idempotent-request';
import { idempotencyKey, LOCK_MARGIN_MILLISECONDS } from '../../idempotency/model';
import type { HttpResponse } from '../response';
import type { ApiEvent } from '../types';

/** The header a client names its request with (API Gateway v2 lowercases header names). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Marks an answer that is the stored first answer of a retried request. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** What the endpoint (lib/http/endpoint.ts, compose) binds to the route: the records of each route are apart. */
export type IdempotencyPart = (route: string) => middy.MiddlewareObj<ApiEvent, HttpResponse>;

/**
 * Retries are safe (docs/spec/decisions.md, Retries). Registered by the endpoint after auth (an
 * idempotent row is a jwt row: its entry point, lib/http/json-endpoint.ts, always adds it), body
 * parsing and validation, so a request is known by its caller's company and its validated
 * input. Without the header nothing happens (no round trip). With it: a malformed key is
 * 400; the first request claims the key and its 2xx answer is stored; a retry of the same
 * request gets that answer (`Idempotent-Replayed: true`) without running again.
 *
 * The claim runs within the request's budget like every other call (lib/aws/budget.ts), and
 * holds the key until just past the request's last deadline. While the key is held, the
 * first write carries the key's fence, so the key gives one effect whatever fails.
 */
export const idempotency = (): IdempotencyPart => (route) => {
  const claims = new WeakMap<object, Claim>();
  /**
   * After the request: a 2xx answer is stored, anything else (an error: no response) frees the
   * key, or keeps it when a write's outcome is unknown and its effect landed (idempotent-request.ts).
   * Settled once: an error of a later `after` must not release a stored answer.
   */
  const settle = async (request: middy.Request<ApiEvent, HttpResponse>) => {
    const claim = claims.get(request);
    if (!claim) return;
    claims.delete(request);
    const { statusCode = 500, headers = {}, body = '' } = request.response ?? {};
    await lastCalls(() => finish(claim, { statusCode, headers, body }, budget()?.unanswered));
  };
  return {
    before: async (request) => {
      const { event } = request;
      const header = event.headers?.[IDEMPOTENCY_HEADER];
      if (header === undefined) return undefined;
      const parsed = v.safeParse(idempotencyKey, header);
      if (!parsed.success) {
        throw new InvalidInputError('The Idempotency-Key header is not valid', 'INVALID_IDEMPOTENCY_KEY', [
          { path: 'Idempotency-Key', message: parsed.issues[0].message },
        ]);
      }
      // From here a failure answers 503 with Retry-After even if a write got no answer: a retry with the key is safe.
      const b = budget();
      if (b) b.keyed = true;
      const now = Date.now();
      const lockedUntil = b && Number.isFinite(b.last) ? b.last + LOCK_MARGIN_MILLISECONDS : undefined;
      const begun = await begin(
        { companyId: (event.auth as Principal).companyId, route, key: parsed.output },
        event.input,
        now,
        lockedUntil,
      );
      if (begun.replay) {
        const { statusCode, headers, body } = begun.replay;
        return { statusCode, headers: { ...headers, [REPLAYED_HEADER]: 'true' }, body };
      }
      claims.set(request, begun.claim);
      if (b) b.fence = fenceOf(begun.claim);
      return undefined;
    },
    after: settle,
    onError: settle,
  };
};
