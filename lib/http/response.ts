import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResponse = APIGatewayProxyStructuredResultV2 & { statusCode: number; body: string };

/** Every response body is JSON (decisions.md, Transport). */
export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

export const ok = (body: unknown, headers?: Record<string, string>): HttpResponse => json(200, body, headers);

/**
 * A 200 whose body is JSON text sent exactly as given, not parsed and serialized again: a
 * stored document whose bytes a client hashes (a version's canonical document).
 */
export const okJsonText = (body: string, headers: Record<string, string> = {}): HttpResponse => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json', ...headers },
  body,
});
