import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResponse = APIGatewayProxyStructuredResultV2 & { statusCode: number; body: string };

/** Marks the answers `ok` and `okJsonText` build, so an endpoint tells them from a bare body. */
const REPLY: unique symbol = Symbol('reply');
declare const BODY: unique symbol;

/** A 200 whose body is T (the compiler compares T with the row's response schema). */
export type Reply<T> = HttpResponse & { readonly [REPLY]: true; readonly [BODY]?: T };
/** A 200 of JSON text sent as given, which the compiler cannot see into. */
export type RawReply = HttpResponse & { readonly [REPLY]: 'raw' };

export const isReply = (value: unknown): value is Reply<unknown> | RawReply =>
  typeof value === 'object' && value !== null && REPLY in value;

/** Every response body is JSON (decisions.md, Transport). */
export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

/** A 200 with headers beside its body (an endpoint's bare body is a 200 without them). */
export const ok = <T>(body: T, headers?: Record<string, string>): Reply<T> => {
  const reply = json(200, body, headers) as HttpResponse & { [REPLY]: true };
  // Not enumerable: neither the Lambda runtime's serialization nor a stored idempotent answer sees it.
  Object.defineProperty(reply, REPLY, { value: true });
  return reply as Reply<T>;
};

/**
 * A 200 whose body is JSON text sent exactly as given, not parsed and serialized again: a
 * stored document whose bytes a client hashes (a version's canonical document).
 */
export const okJsonText = (body: string, headers: Record<string, string> = {}): RawReply => {
  const reply = { statusCode: 200, headers: { 'content-type': 'application/json', ...headers }, body };
  Object.defineProperty(reply, REPLY, { value: 'raw' });
  return reply as unknown as RawReply;
};
