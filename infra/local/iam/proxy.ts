/**
 * The IAM check in front of a local engine: an HTTP proxy that reads each request's SigV4
 * access key id (its Authorization header, or a presigned URL's X-Amz-Credential), asks
 * LocalIam whether that function's role allows every call the request makes (requests.ts),
 * and either forwards the request untouched (same path, headers and Host, so the engine's own
 * signature check sees what the client signed) or answers as AWS does:
 * - DynamoDB: 400, `{"__type":"com.amazon.coral.service#AccessDeniedException","Message":…}`;
 * - S3: 403, `<Error><Code>AccessDenied</Code><Message>…</Message></Error>`;
 * - SES: 403, v1 `<ErrorResponse><Error><Code>AccessDenied</Code>…`, v2 `AccessDeniedException`;
 * - Translate: 400, `{"__type":"AccessDeniedException","message":…}`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeHttpServer, type LocalEngine, listen, localEndpoint, once } from '../engines/ports';
import { isTableWrite, tableWritten } from '../table-writes';
import type { LocalIam, Request, Verdict } from '.';
import { accessKeyIdOf, dynamoDbCalls, jsonProtocolCalls, s3Calls, sesCalls } from './requests';

export type GuardedService = 'dynamodb' | 's3' | 'ses' | 'translate';

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The calls of one request to `service`; undefined: not an API call (an engine's own page), forwarded as is. */
function callsOf(service: GuardedService, req: IncomingMessage, url: URL, body: Buffer): Request[] | undefined {
  const method = req.method ?? 'GET';
  switch (service) {
    case 'dynamodb': {
      const target = req.headers['x-amz-target'];
      if (typeof target !== 'string') return undefined;
      return dynamoDbCalls(
        target,
        body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {},
      );
    }
    case 's3':
      return s3Calls(method, url.pathname, url.searchParams, req.headers);
    case 'ses':
      return sesCalls(method, url.pathname, body.toString('utf8'));
    case 'translate': {
      const target = req.headers['x-amz-target'];
      if (typeof target !== 'string') return undefined;
      return jsonProtocolCalls(
        target,
        body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {},
      );
    }
  }
}

function deny(service: GuardedService, url: URL, res: ServerResponse, verdict: Extract<Verdict, { allowed: false }>) {
  const requestId = randomUUID();
  // Where a developer sees it whatever the function logs (docs/local.md, reading a denial).
  console.warn(`local IAM denied (${service}): ${verdict.message}`);
  const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  let status = 403;
  let type = 'application/xml';
  let body: string;
  const headers: Record<string, string> = { 'x-amzn-requestid': requestId };
  if (service === 'dynamodb') {
    status = 400;
    type = 'application/x-amz-json-1.0';
    body = JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', Message: verdict.message });
  } else if (service === 'translate') {
    status = 400;
    type = 'application/x-amz-json-1.1';
    body = JSON.stringify({ __type: 'AccessDeniedException', message: verdict.message });
  } else if (service === 's3') {
    // To an unsigned request S3 names nothing: not the action, not the key.
    const message = verdict.fn === undefined && verdict.anonymous ? 'Access Denied' : verdict.message;
    body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${xml(message)}</Message><RequestId>${requestId}</RequestId></Error>`;
  } else if (url.pathname.startsWith('/v2/')) {
    type = 'application/json';
    headers['x-amzn-errortype'] = 'AccessDeniedException';
    body = JSON.stringify({ message: verdict.message });
  } else {
    body = `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>${xml(verdict.message)}</Message></Error><RequestId>${requestId}</RequestId></ErrorResponse>`;
  }
  res.writeHead(status, { ...headers, 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** A proxy at `port` (0: a free one) that checks every call to the engine at `upstream` against `iam`. */
export async function startIamProxy(
  service: GuardedService,
  upstream: string,
  iam: LocalIam,
  port = 0,
): Promise<LocalEngine> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://local');
      const calls = callsOf(service, req, url, body);
      if (calls !== undefined) {
        const verdict = iam.authorize(accessKeyIdOf(req.headers, url.searchParams), calls);
        if (!verdict.allowed) return deny(service, url, res, verdict);
      }
      const forward = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(res);
          // The stream workers read the stream once a write is in (infra/local/table-writes.ts).
          if (service === 'dynamodb' && calls?.some((call) => isTableWrite(call.action)))
            answer.on('end', tableWritten);
        },
      );
      forward.on('error', (error) => res.destroy(error));
      res.on('close', () => {
        if (!res.writableFinished) forward.destroy();
      });
      forward.end(body);
    })().catch((error: unknown) => res.destroy(error as Error));
  });
  const bound = await listen(server, port);
  return { endpoint: localEndpoint(bound), stop: once(() => closeHttpServer(server)) };
}
