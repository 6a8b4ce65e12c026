/**
 * The local server's own answers: wherever no function answers (the HTTP
 * layer refused the request, the body is over API Gateway's limit, the server itself failed),
 * the answer is still `{error, code}` JSON with content-type application/json, as docs/spec/decisions.md
 * says of every response, and the server goes on answering. Over real HTTP: raw sockets for
 * what fetch cannot send.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiServer } from '../../../infra/local/server';

const apiUrl = inject('apiUrl');
const { hostname, port } = new URL(apiUrl);

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are and reads the answer until the server closes or a full answer came. */
function raw(request: string | Buffer, target = { host: hostname, port: Number(port) }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(target.port, target.host);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer in 5 s; got ${JSON.stringify(Buffer.concat(chunks).toString())}`));
    }, 5_000);
    const done = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      if (at < 0) return false;
      const [statusLine = '', ...lines] = text.slice(0, at).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const body = text.slice(at + 4);
      if (headers['content-length'] === undefined || Buffer.byteLength(body) < Number(headers['content-length']))
        return false;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      done();
    });
    socket.on('close', () => {
      if (!done()) {
        clearTimeout(timer);
        reject(
          new Error(`connection closed without a complete answer: ${JSON.stringify(Buffer.concat(chunks).toString())}`),
        );
      }
    });
    socket.on('error', () => undefined); // 'close' follows and reports
    socket.write(request);
  });
}

/** The answer is the error body of docs/spec/decisions.md, and nothing else. */
function expectErrorBody(
  answer: { status: number; headers: Record<string, string>; body: string },
  status: number,
  code: string,
) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json');
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'error']);
  expect(body.code).toBe(code);
  expect(body.error).toEqual(expect.stringMatching(/\w/));
}

/** The server still answers a normal request (the catch-all's 404, no function state involved). */
async function expectStillServing() {
  const response = await fetch(`${apiUrl}/no-such-route`);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: 'Not Found' });
}

const host = `Host: ${hostname}:${port}\r\n`;

describe('requests the HTTP layer refuses', () => {
  it('answers headers over the limit with 431 HEADERS_TOO_LARGE in the error body (was an empty body)', async () => {
    const answer = await raw(`GET /dpp/x HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectErrorBody(answer, 431, 'HEADERS_TOO_LARGE');
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
    await expectStillServing();
  });

  it('answers a request line that is not HTTP with 400 MALFORMED_REQUEST', async () => {
    expectErrorBody(await raw('this is not http\r\n\r\n'), 400, 'MALFORMED_REQUEST');
    await expectStillServing();
  });

  it.each([
    ['a header name with a space', `GET /dpp/x HTTP/1.1\r\n${host}Bad Header: x\r\n\r\n`],
    ['a header line without a colon', `GET /dpp/x HTTP/1.1\r\n${host}nocolon\r\n\r\n`],
    [
      'both Content-Length and chunked',
      `POST /dpp/x HTTP/1.1\r\n${host}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    ['a broken chunk size', `POST /dpp/x HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`],
    ['a Content-Length that is not a number', `POST /dpp/x HTTP/1.1\r\n${host}Content-Length: ten\r\n\r\n`],
    ['an unknown HTTP version', 'GET /dpp/x HTTP/9.9\r\n\r\n'],
  ])('answers %s with 400 MALFORMED_REQUEST', async (_, request) => {
    expectErrorBody(await raw(request), 400, 'MALFORMED_REQUEST');
  });

  it('answers an HTTP/1.1 request without Host with 400 MALFORMED_REQUEST (Node’s own 400 has no body)', async () => {
    expectErrorBody(await raw('GET /dpp/x HTTP/1.1\r\n\r\n'), 400, 'MALFORMED_REQUEST');
  });

  it('answers CONNECT with 400 MALFORMED_REQUEST instead of dropping the connection', async () => {
    expectErrorBody(
      await raw(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`),
      400,
      'MALFORMED_REQUEST',
    );
  });

  it.each([
    [
      'headers over the limit',
      `POST /dpp/x HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(20_000)}\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    ['a byte outside ASCII in the target', `POST /dpp/caf\xE9 HTTP/1.1\r\n${host}`, 400, 'MALFORMED_REQUEST'],
  ])(
    'delivers its answer to %s while a 10 MiB body still arrives (was a reset connection)',
    async (_, head, status, code) => {
      const body = Buffer.alloc(10 * 1024 * 1024, 'a');
      const request = Buffer.concat([Buffer.from(`${head}Content-Length: ${body.length}\r\n\r\n`, 'latin1'), body]);
      expectErrorBody(await raw(request), status, code);
      await expectStillServing();
    },
  );

  it('answers an expectation other than 100-continue with 417 EXPECTATION_FAILED', async () => {
    expectErrorBody(await raw(`GET /dpp/x HTTP/1.1\r\n${host}Expect: teapot\r\n\r\n`), 417, 'EXPECTATION_FAILED');
  });
});

describe('bodies over API Gateway’s 10 MiB', () => {
  const tooLarge = 10 * 1024 * 1024 + 1;

  it('answers 413 PAYLOAD_TOO_LARGE in the error body when Content-Length says so (fetch)', async () => {
    const response = await fetch(`${apiUrl}/create-template-file`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(tooLarge),
    });
    expectErrorBody(
      {
        status: response.status,
        headers: { 'content-type': response.headers.get('content-type') ?? '' },
        body: await response.text(),
      },
      413,
      'PAYLOAD_TOO_LARGE',
    );
    await expectStillServing();
  });

  it('answers 413 PAYLOAD_TOO_LARGE when a chunked body passes the limit', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const chunks = Array.from({ length: 11 }, () => `${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`).join('');
    const answer = await raw(
      `POST /create-template-file HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n${chunks}0\r\n\r\n`,
    );
    expectErrorBody(answer, 413, 'PAYLOAD_TOO_LARGE');
    await expectStillServing();
  });
});

describe('a failure of the server itself', () => {
  // A server in this test process, whose environment has none of the handlers' settings:
  // a function fails to load (its cold-start check throws), a real internal failure.
  let server: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    server = await startApiServer(0);
  });

  afterAll(() => server?.close());

  it('answers 500 INTERNAL_ERROR in the error body, with no detail of the failure (was {"message": …})', async () => {
    const originalError = console.error;
    const logged: unknown[][] = [];
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      const response = await fetch(
        `${server.url}/generateJWT/demo-acme-api-key/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`,
      );
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR' });
    } finally {
      console.error = originalError;
    }
    // The cause is in the log, not in the answer.
    expect(String(logged.flat().join(' '))).toMatch(/Missing|setting/i);
    // And the server lives on.
    expect((await fetch(`${server.url}/no-such-route`)).status).toBe(404);
  });
});
