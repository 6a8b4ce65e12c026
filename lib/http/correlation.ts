/**
 * The correlation id a client may send, on its own so that a function without Middy
 * (lib/http/health.ts) echoes it like the others without bundling the observability hooks.
 */

/** The request header a client may send its own correlation id in, and the response header that echoes the one used. */
export const CORRELATION_HEADER = 'x-correlation-id';

/** 1 to 128 visible ASCII characters; anything else is ignored (never an error: the header is optional). */
const WELL_FORMED = /^[\x21-\x7e]{1,128}$/;

/** The client's correlation id, when it sent a well-formed one (API Gateway lower-cases header names). */
export function clientCorrelationId(headers: Record<string, string | undefined> | undefined): string | undefined {
  const value = headers?.[CORRELATION_HEADER];
  return value !== undefined && WELL_FORMED.test(value) ? value : undefined;
}
