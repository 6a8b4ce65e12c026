import * as v from 'valibot';
import { matchRoute } from '../../infra/local/api-gateway-event';
import type { AnySchema } from '../../lib/api/contract';
import { routeKeyOf } from '../../lib/api/routes';
import { errorBody } from '../../lib/api/views';

/**
 * The contract check of every answer the integration tests receive through `call()`
 * (test/support/api.ts): the route row that API Gateway would pick for the request
 * (matchRoute; an unknown path is the `$default` row) must declare the status, and the
 * body must be the row's shape for it:
 * - the row's success status (`status`, 200 unless said otherwise): the row's `response`;
 * - a status one of the row's `errors` gives: the error body of docs/spec/decisions.md (`errorBody`);
 * - any other status, 500 included: a violation. 503 is allowed only where the row
 *   declares it (every row but the catch-all does, through `unavailable`).
 * With the headers, also: `content-type: application/json` on every answer (the row's `contentType` on its success, if it names one; docs/spec/decisions.md,
 * Transport), the row's `responseHeaders` on its success, `Retry-After` on a 503 (none on
 * a 503 `OUTCOME_UNKNOWN`).
 */
export function contractViolation(
  method: string,
  url: string,
  status: number,
  body: unknown,
  headers?: Headers,
): string | undefined {
  const path = url.split('?', 1)[0]!;
  const matched = matchRoute(method, path);
  if (!matched) return `${method} ${path}: no route row matches, not even $default`;
  const { route } = matched;
  const where = `${method} ${url} (route ${routeKeyOf(route)}, ${route.fn}) answered ${status}`;
  // An answer the row lists besides its JSON one (a redirect, a 304, another media type): by status and type.
  const type = headers?.get('content-type')?.split(';')[0] ?? undefined;
  if (route.answers?.some((a) => a.status === status && a.contentType === type)) return undefined;
  const success = route.status ?? 200;
  // A 204 has no body and so no media type.
  if (status === 204 && success === 204) {
    return body === undefined || body === '' ? undefined : `${where} with a body\nbody: ${show(body)}`;
  }
  const declared = Object.values(route.errors).map((e) => e!.status as number);
  let schema: AnySchema;
  if (status === success) schema = route.response;
  else if (declared.includes(status)) schema = errorBody;
  else {
    const allowed = [success, ...new Set(declared)].sort((a, b) => a - b).join(', ');
    return `${where}, a status its contract row does not declare (it declares ${allowed})\nbody: ${show(body)}`;
  }
  // A 503 says when to retry, except a write whose outcome is unknown: no blind retry is invited (docs/behaviour.md, Faults).
  const outcomeUnknown = (body as { code?: unknown } | undefined)?.code === 'OUTCOME_UNKNOWN';
  if (status === 503 && outcomeUnknown && headers?.has('retry-after')) {
    return `${where} with retry-after, though its outcome is unknown\nbody: ${show(body)}`;
  }
  const required =
    status === success
      ? Object.keys(route.responseHeaders ?? {})
      : status === 503 && !outcomeUnknown
        ? ['retry-after']
        : [];
  const missing = headers
    ? missingHeaders(headers, required, status === success ? (route.contentType ?? JSON_TYPE) : JSON_TYPE)
    : [];
  if (missing.length > 0) return `${where} without ${missing.join(', ')}\nbody: ${show(body)}`;
  const result = v.safeParse(schema, body);
  if (result.success) return undefined;
  const issues = result.issues.map((issue) => `  - ${v.getDotPath(issue) ?? '(body)'}: ${issue.message}`).join('\n');
  const shape = status === success ? 'response schema' : 'error body (errorBody)';
  return `${where}, with a body that does not match its ${shape}:\n${issues}\nbody: ${show(body)}`;
}

/** Throws when the answer breaks the contract, so the test that received it fails with the reason. */
export function checkResponse(method: string, url: string, status: number, body: unknown, headers?: Headers): void {
  const violation = contractViolation(method, url, status, body, headers);
  if (violation) throw new Error(`Response breaks the API contract: ${violation}`);
}

const JSON_TYPE = 'application/json';

/** The headers a success or error lacks: its media type (the row's, or JSON) and the row's required headers. */
function missingHeaders(headers: Headers, required: string[], mediaType: string): string[] {
  const missing = required.filter((name) => !headers.has(name)).map((name) => `the ${name} header`);
  const type = headers.get('content-type');
  if (type !== mediaType) missing.unshift(`content-type: ${mediaType} (it is ${type ?? 'absent'})`);
  return missing;
}

function show(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > 2000 ? `${text.slice(0, 2000)}… (${text.length} characters)` : text;
}
