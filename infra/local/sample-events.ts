import { readFileSync } from 'node:fs';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { type RouteFn, routes } from '../../lib/api/routes';
import { defined } from '../../lib/defined';
import { matchRoute, toApiGatewayEvent } from './api-gateway-event';
import { samples, TOKEN_PLACEHOLDER } from './samples';

const BOUNDARY = 'dpp-sample-boundary';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** The multipart body a browser or curl would send: CRLF framing, one file part. */
function multipartBody(multipart: NonNullable<(typeof samples)[RouteFn]['multipart']>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(multipart.fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (multipart.file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${multipart.file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      fixture(multipart.file.fixture),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** The sample event of a route, reproducible byte for byte (fixed request id and time). */
export function sampleEvent(fn: RouteFn): APIGatewayProxyEventV2 {
  const sample = samples[fn];
  const route = defined(
    routes.find((r) => r.fn === fn),
    `the route of ${fn}`,
  );
  const method = sample.method ?? route.method;
  const headers: Record<string, string> = { host: 'localhost:3000', 'user-agent': 'curl/8.5.0', ...sample.headers };
  if (route.auth === 'jwt') headers.authorization = `Bearer ${TOKEN_PLACEHOLDER}`;
  let body: Buffer | undefined;
  if (sample.multipart) {
    body = multipartBody(sample.multipart);
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    headers['content-length'] = String(body.length);
  }
  if (sample.json) {
    body = Buffer.from(JSON.stringify(sample.json));
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(body.length);
  }
  const [path = sample.path] = sample.path.split('?', 1);
  const matched = matchRoute(method, path);
  if (matched?.route.fn !== fn) throw new Error(`sample for ${fn} does not match its route`);
  return toApiGatewayEvent({ method, url: sample.path, headers, body }, matched, {
    requestId: `sample-${fn}`,
    now: new Date('2026-11-21T10:15:30.123Z'),
  });
}

/** A copy of an event with the token placeholder replaced. */
export function withToken(event: APIGatewayProxyEventV2, token: string): APIGatewayProxyEventV2 {
  const auth = event.headers.authorization;
  if (!auth?.includes(TOKEN_PLACEHOLDER)) return event;
  return { ...event, headers: { ...event.headers, authorization: auth.replace(TOKEN_PLACEHOLDER, token) } };
}
