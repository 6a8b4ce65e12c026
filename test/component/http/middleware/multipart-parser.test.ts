import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler as createDppFile } from '../../../../functions/create-dpp-file';
import { handler as createTemplateFile } from '../../../../functions/create-template-file';
import { DomainError, InvalidInputError, TooLargeError } from '../../../../lib/errors';
import { formDataBoundary, parseMediaType } from '../../../../lib/http/media-type';
import { multipartBody } from '../../../../lib/http/middleware/multipart-body';
import { type MultipartLimits, parseMultipart } from '../../../../lib/http/multipart';
import type { ApiEvent } from '../../../../lib/http/types';
import { MAX_UPLOAD_BYTES } from '../../../../lib/limits';
import { invoke } from '../../../support/unit/events';
import { samples } from '../../../support/unit/files';
import { IDS } from '../../../support/unit/items';
import { mintToken } from '../../../support/unit/tokens';

/**
 * The multipart parser: no body of any shape may raise an
 * uncaught exception or an unhandled 'error' event (either ends a Lambda runtime), or
 * leave the request hanging; every multipart/form-data content type RFC 2046/7578 allows
 * is understood.
 */
const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const DPP_UPLOAD = `/models/${IDS.model}/dpps/${IDS.dpp}/upload-file`;

let token: string;
beforeEach(async () => {
  db.reset();
  s3.reset();
  s3.on(PutObjectCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
  // The upload's intent record, written before its object (lib/files/pending-objects.ts).
  db.on(UpdateCommand).resolves({});
  token = await mintToken();
});

/** Uncaught exceptions while a test runs (each would end a Lambda runtime). */
const uncaught: unknown[] = [];
const record = (error: unknown) => uncaught.push(error);
beforeEach(() => {
  uncaught.length = 0;
  process.on('uncaughtException', record);
});
afterEach(() => {
  process.off('uncaughtException', record);
});
/** Lets every process.nextTick and microtask queued by the parser run, then reports what escaped. */
async function escaped(): Promise<string[]> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return uncaught.map((e) => (e as Error).message ?? String(e));
}

const CRLF = '\r\n';
/** A body whose closing delimiter is not preceded by CRLF. */
const KILLER = {
  body: Buffer.from(
    `--XyZ${CRLF}Content-Disposition: form-data; name="file"; filename="a.txt"${CRLF}Content-Type: text/plain${CRLF}${CRLF}hello --XyZ--`,
  ),
  contentType: 'multipart/form-data; boundary=XyZ',
};

/** A complete body with one text file and a `name` field, framed with `boundary` exactly as given. */
function body(boundary: string, file = samples.text): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="name"${CRLF}${CRLF}Care label${CRLF}`),
    Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="care.txt"${CRLF}`),
    Buffer.from(`Content-Type: text/plain${CRLF}${CRLF}`),
    file,
    Buffer.from(`${CRLF}--${boundary}--${CRLF}`),
  ]);
}

describe('defect 1: a body cut or framed wrongly answers 400 and leaves nothing behind', () => {
  it.each([
    ['create-dpp-file', createDppFile, DPP_UPLOAD],
    ['create-template-file', createTemplateFile, '/create-template-file'],
  ] as const)(
    '%s: the closing delimiter without its CRLF is 400 MALFORMED_BODY, not a dead runtime',
    async (fn, handler, url) => {
      const response = await invoke(fn, handler, {
        method: 'POST',
        url,
        token,
        body: KILLER.body,
        headers: { 'content-type': KILLER.contentType },
      });
      expect(await escaped()).toEqual([]);
      expect([response.status, response.json]).toEqual([400, { error: expect.any(String), code: 'MALFORMED_BODY' }]);
      expect(s3.calls()).toHaveLength(0);
      expect(db.calls()).toHaveLength(0);
    },
  );

  it('answers 400 for a body cut in the middle of a part beyond the 34-part limit (busboy leaves that part without an error listener)', async () => {
    const fields = Array.from(
      { length: 40 },
      (_, i) => `--b${CRLF}Content-Disposition: form-data; name="f${i}"${CRLF}${CRLF}v${CRLF}`,
    );
    // Ends like the body of defect 1, so a check that only looks for `--b--` at the end lets it through.
    const cut = Buffer.from(
      `${fields.join('')}--b${CRLF}Content-Disposition: form-data; name="x"${CRLF}${CRLF}abc --b--`,
    );
    const outcome = await parse(cut, 'multipart/form-data; boundary=b');
    expect(await escaped()).toEqual([]);
    expect(outcome).toEqual({ status: 400, code: 'MALFORMED_BODY' });
  });

  it('settles for a part whose header block never ends (busboy 3.2.0 waited for it forever)', async () => {
    const unterminated = Buffer.from(
      `--b${CRLF}Content-Disposition: form-data; name="x"${CRLF}\r:x${CRLF}--b--${CRLF}`,
    );
    const outcome = await Promise.race([
      parse(unterminated, 'multipart/form-data; boundary=b'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 2 s'), 2000)),
    ]);
    // Busboy 3.2.6 drops the unfinished part (an empty form, which the use case refuses as
    // NO_FILE); the guard in lib/http/multipart.ts answers 400 where a busboy would still wait.
    expect([{ status: 200 }, { status: 400, code: 'MALFORMED_BODY' }]).toContainEqual(outcome);
    expect(await escaped()).toEqual([]);
  });

  it('survives every truncation and 2,000 random corruptions of a valid body: each settles as parsed or a 4xx, nothing escapes', async () => {
    const boundary = 'XyZ';
    const valid = Buffer.concat([
      Buffer.from(`preamble${CRLF}`),
      body(boundary, Buffer.from(`hello${CRLF}--X${CRLF}-- world`)),
      Buffer.from('epilogue'),
    ]);
    const cases: Buffer[] = [];
    for (let i = 0; i <= valid.length; i++) cases.push(valid.subarray(0, i), valid.subarray(i));
    let seed = 6; // a fixed seed: the same 2,000 bodies on every run
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const alphabet = Buffer.from(`${CRLF}-XyZ"=;: a\x00`, 'latin1');
    for (let k = 0; k < 2000; k++) {
      const mutated = Buffer.from(valid);
      for (let j = 0; j < 1 + Math.floor(random() * 4); j++) {
        mutated[Math.floor(random() * mutated.length)] = alphabet[Math.floor(random() * alphabet.length)]!;
      }
      cases.push(random() < 0.5 ? mutated : mutated.subarray(0, Math.floor(random() * mutated.length)));
    }
    const outcomes = new Map<string, number>();
    for (const bytes of cases) {
      const outcome = await Promise.race([
        parse(bytes, `multipart/form-data; boundary=${boundary}`),
        new Promise<{ status: string }>((resolve) => setTimeout(() => resolve({ status: 'hung' }), 250)),
      ]);
      const key = `${outcome.status}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    expect(await escaped()).toEqual([]);
    expect([...outcomes.keys()].sort()).toEqual(['200', '400']);
  });
});

describe('defect 3: every content type RFC 2046/7578 allows for multipart/form-data is understood', () => {
  it.each([
    ['a quoted boundary (.NET HttpClient)', 'multipart/form-data; boundary="Q1w2e3r4"', 'Q1w2e3r4'],
    ['no space before the parameter', 'multipart/form-data;boundary=Q1w2e3r4', 'Q1w2e3r4'],
    ['an upper-case media type', 'Multipart/Form-Data; boundary=Q1w2e3r4', 'Q1w2e3r4'],
    [
      'a boundary holding =_. (quoted, as = requires)',
      'multipart/form-data; boundary="----=_Part_0.123"',
      '----=_Part_0.123',
    ],
    ['a boundary holding _. (a token, unquoted)', 'multipart/form-data; boundary=----_Part_0.123', '----_Part_0.123'],
    [
      'all of them at once, with a charset',
      'MULTIPART/form-DATA ;BOUNDARY="----=_Part_0.123" ; charset=UTF-8',
      '----=_Part_0.123',
    ],
  ])('accepts %s', async (_, contentType, boundary) => {
    const response = await invoke('create-dpp-file', createDppFile, {
      method: 'POST',
      url: DPP_UPLOAD,
      token,
      body: body(boundary),
      headers: { 'content-type': contentType },
    });
    expect([response.status, response.json?.code]).toEqual([200, undefined]);
    expect(response.json.file).toMatchObject({ name: 'Care label', type: 'text/plain' });
    const put = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(Buffer.from(put.Body as Uint8Array).equals(samples.text)).toBe(true);
  });
});

describe('parseMediaType: content-type values per RFC 9110 (RFC 2045/7231 grammar)', () => {
  it.each([
    ['multipart/form-data; boundary=abc', 'multipart/form-data', [['boundary', 'abc']]],
    ['Multipart/Form-Data;BOUNDARY=AbC', 'multipart/form-data', [['boundary', 'AbC']]],
    [
      'multipart/form-data ; boundary="a b:c" ; charset=utf-8',
      'multipart/form-data',
      [
        ['boundary', 'a b:c'],
        ['charset', 'utf-8'],
      ],
    ],
    ['multipart/form-data; boundary="q\\"uo\\\\te"', 'multipart/form-data', [['boundary', 'q"uo\\te']]],
    ['text/plain;;charset=utf-8;', 'text/plain', [['charset', 'utf-8']]],
    ['\tapplication/json\t', 'application/json', []],
    ['a/b; __proto__=x', 'a/b', [['__proto__', 'x']]],
  ])('%s', (value, type, parameters) => {
    const media = parseMediaType(value);
    expect(media?.type).toBe(type);
    expect([...media!.parameters]).toEqual(parameters);
  });

  it.each([
    '',
    'multipart',
    'multipart/',
    '/form-data',
    'multipart/form-data boundary=abc',
    'multipart/form-data; boundary = abc',
    'multipart/form-data; boundary="abc',
    'multipart/form-data; boundary=abc; boundary=def',
    'multipart/form-data; boundary=a:b',
    'multipart/form-data; boundary=abc, text/plain',
    'multipart/form-data; boundary="a\nb"',
  ])('refuses %j', (value) => {
    expect(parseMediaType(value)).toBeUndefined();
  });
});

describe('formDataBoundary: the boundary of multipart/form-data, per RFC 2046 and RFC 7578', () => {
  it.each([
    ['multipart/form-data; boundary="Q1w2e3r4"', 'Q1w2e3r4'],
    ['multipart/form-data;boundary=Q1w2e3r4', 'Q1w2e3r4'],
    ['Multipart/Form-Data; boundary=Q1w2e3r4', 'Q1w2e3r4'],
    ['multipart/form-data; boundary="----=_Part_0.123"', '----=_Part_0.123'],
    ['multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW', '----WebKitFormBoundary7MA4YWxkTrZu0gW'],
    ['multipart/form-data; boundary="\'()+_,-./:=? x"', "'()+_,-./:=? x"],
    [`multipart/form-data; boundary=${'b'.repeat(70)}`, 'b'.repeat(70)],
  ])('%s → %s', (contentType, boundary) => {
    expect(formDataBoundary(contentType)).toBe(boundary);
  });

  it.each([
    undefined,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=""',
    `multipart/form-data; boundary=${'b'.repeat(71)}`,
    'multipart/form-data; boundary="ends with space "',
    'multipart/form-data; boundary="no\\\\backslash"',
    'multipart/form-data; boundary="ü"',
    'multipart/mixed; boundary=abc',
    'application/json',
  ])('refuses %j', (contentType) => {
    expect(formDataBoundary(contentType)).toBeUndefined();
  });
});

describe("parseMultipart: the shape Middy's parser produced, the same limits, and domain errors", () => {
  const LIMITS: MultipartLimits = { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 32, fieldSize: 64 * 1024, parts: 34 };
  const field = (name: string, value: string | Buffer) =>
    Buffer.concat([
      Buffer.from(`--b${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}`),
      Buffer.from(value),
      Buffer.from(CRLF),
    ]);
  const file = (name: string, content: Buffer, disposition = `filename="f.bin"`, type = 'application/octet-stream') =>
    Buffer.concat([
      Buffer.from(
        `--b${CRLF}Content-Disposition: form-data; name="${name}"; ${disposition}${CRLF}Content-Type: ${type}${CRLF}${CRLF}`,
      ),
      content,
      Buffer.from(CRLF),
    ]);
  const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--b--${CRLF}`)]);
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => 'parsed',
      (error: unknown) => (error instanceof DomainError ? [error.constructor.name, error.code] : error),
    );

  it('gives text fields as strings, files as {filename, mimetype, encoding, truncated, content}, repeated names as arrays in order', async () => {
    const bytes = Buffer.from([0, 1, 2, 0x0d, 0x0a, 0x2d, 0x2d, 0xff]);
    const parsed = await parseMultipart(
      form(
        field('name', 'Wäsche bei 30 °C'),
        field('tag', 'a'),
        field('tag', 'b'),
        file('file', bytes, `filename="care.bin"`),
        field('__proto__', 'just a name'),
        file('doc', Buffer.from('x'), `filename*=UTF-8''%C3%A9t%C3%A9.txt`, 'text/plain'),
      ),
      'b',
      LIMITS,
    );
    expect(parsed).toEqual({
      name: 'Wäsche bei 30 °C',
      tag: ['a', 'b'],
      file: {
        filename: 'care.bin',
        mimetype: 'application/octet-stream',
        encoding: '7bit',
        truncated: false,
        content: bytes,
      },
      doc: {
        filename: 'été.txt',
        mimetype: 'text/plain',
        encoding: '7bit',
        truncated: false,
        content: Buffer.from('x'),
      },
      ['__proto__']: 'just a name',
    });
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('takes a file of exactly the file limit whole (a 4 MiB body settles within one turn of the event loop)', async () => {
    const content = Buffer.alloc(MAX_UPLOAD_BYTES, 0x61);
    content.write('\r\n--c\r\n-b\r\n--', 1000, 'latin1'); // near misses of the delimiter (`\r\n--b`)
    const parsed = await parseMultipart(form(file('file', content)), 'b', LIMITS);
    expect((parsed.file as { content: Buffer }).content.equals(content)).toBe(true);
  });

  it('refuses a file one byte over the limit (413), and a text field over 64 KiB (413)', async () => {
    expect(await failure(parseMultipart(form(file('file', Buffer.alloc(MAX_UPLOAD_BYTES + 1))), 'b', LIMITS))).toEqual([
      TooLargeError.name,
      'PAYLOAD_TOO_LARGE',
    ]);
    expect(await failure(parseMultipart(form(field('description', 'd'.repeat(64 * 1024 + 1))), 'b', LIMITS))).toEqual([
      TooLargeError.name,
      'PAYLOAD_TOO_LARGE',
    ]);
    expect(await parseMultipart(form(field('description', 'd'.repeat(64 * 1024))), 'b', LIMITS)).toEqual({
      description: 'd'.repeat(64 * 1024),
    });
  });

  it('keeps two files (so the use case can refuse the second) and drops a third', async () => {
    const parsed = await parseMultipart(
      form(file('file', Buffer.from('1')), file('file', Buffer.from('2')), file('file', Buffer.from('3'))),
      'b',
      LIMITS,
    );
    expect((parsed.file as Array<{ content: Buffer }>).map((f) => f.content.toString())).toEqual(['1', '2']);
  });

  it('refuses 33 text fields, 35 parts and a part without a name with 400 MALFORMED_BODY', async () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => field(`f${i}`, 'v'));
    const malformed = [InvalidInputError.name, 'MALFORMED_BODY'];
    expect(Object.keys(await parseMultipart(form(...fields(32)), 'b', LIMITS))).toHaveLength(32);
    expect(await failure(parseMultipart(form(...fields(33)), 'b', LIMITS))).toEqual(malformed);
    expect(
      await failure(
        parseMultipart(
          form(...fields(32), file('a', Buffer.from('1')), file('b', Buffer.from('2')), file('c', Buffer.from('3'))),
          'b',
          LIMITS,
        ),
      ),
    ).toEqual(malformed);
    const nameless = Buffer.from(`--b${CRLF}Content-Disposition: form-data; filename="x.txt"${CRLF}${CRLF}x${CRLF}`);
    expect(await failure(parseMultipart(form(nameless), 'b', LIMITS))).toEqual(malformed);
  });

  it('refuses a body with another boundary, an empty body and a body cut anywhere with 400 MALFORMED_BODY', async () => {
    const valid = form(field('name', 'x'), file('file', Buffer.from('hello')));
    const malformed = [InvalidInputError.name, 'MALFORMED_BODY'];
    expect(await failure(parseMultipart(valid, 'other', LIMITS))).toEqual(malformed);
    expect(await failure(parseMultipart(Buffer.alloc(0), 'b', LIMITS))).toEqual(malformed);
    for (const cut of [1, 10, 40, valid.length - 12, valid.length - 5]) {
      expect(await failure(parseMultipart(valid.subarray(0, cut), 'b', LIMITS))).toEqual(malformed);
    }
  });
});

/** Runs the multipart middleware alone on a raw body: 200 when it parses, else the status its error answers. */
async function parse(bytes: Buffer, contentType: string): Promise<{ status: number; code?: string }> {
  const event = {
    headers: { 'content-type': contentType },
    body: bytes.toString('base64'),
    isBase64Encoded: true,
  } as unknown as ApiEvent;
  try {
    await multipartBody().before!({ event } as never);
    return { status: 200 };
  } catch (error) {
    if (!(error instanceof DomainError)) return { status: 500, code: String(error) };
    return { status: error.kind === 'too_large' ? 413 : 400, code: error.code };
  }
}
