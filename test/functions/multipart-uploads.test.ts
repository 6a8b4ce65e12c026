import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiUrl, call, demo, fixture, form, tokenFor } from '../support/api';
import { checkResponse } from '../support/contract-check';

/**
 * Multipart uploads through the local API: a hostile body is a 400 and the
 * server lives on (defect 1); the multipart/form-data content types that curl, Node's
 * fetch, .NET's HttpClient and JavaMail-style clients send are all understood (defect 3).
 */
// Globex's DPP and template: no other test file counts their files, so these uploads
// cannot race with a count elsewhere (test files run in parallel).
const globex = demo.globex;
const dppUpload = `/models/${globex.dpp.model_id}/dpps/${globex.dpp.id}/upload-file`;
const pdf = fixture('sample.pdf');
const CRLF = '\r\n';

/** The two upload routes, each with the text fields it needs besides `file`. */
const uploads = [
  { path: dppUpload, fields: {} as Record<string, string> },
  { path: '/create-template-file', fields: { template_id: globex.template.id } as Record<string, string> },
];

/** A complete multipart body framed with `boundary` exactly as given: the fields, then one PDF `file` part. */
function handBuilt(boundary: string, fields: Record<string, string> = {}, file = pdf): Buffer {
  const parts = Object.entries({ name: 'Hand-built', ...fields }).map(([name, value]) =>
    Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`),
  );
  return Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="doc.pdf"${CRLF}`),
    Buffer.from(`Content-Type: application/pdf${CRLF}${CRLF}`),
    file,
    Buffer.from(`${CRLF}--${boundary}--${CRLF}`),
  ]);
}

/** The local server still answers: a normal upload of the same route stores the PDF. */
async function stillServes(path = dppUpload, fields: Record<string, string> = {}) {
  const reply = await call('POST', path, {
    token: await tokenFor('globex'),
    form: form({ name: 'After', ...fields }, { bytes: pdf, name: 'after.pdf', type: 'application/pdf' }),
  });
  expect([reply.status, reply.body.file?.type]).toEqual([200, 'application/pdf']);
}

describe('defect 1: one multipart body must not kill the runtime', () => {
  it.each(uploads)(
    'POST $path: the closing delimiter without its CRLF is 400 MALFORMED_BODY, and the server keeps serving',
    async ({ path, fields }) => {
      const prefix = Object.entries(fields)
        .map(
          ([name, value]) => `--XyZ${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`,
        )
        .join('');
      const killer = `${prefix}--XyZ${CRLF}Content-Disposition: form-data; name="file"; filename="a.txt"${CRLF}Content-Type: text/plain${CRLF}${CRLF}hello --XyZ--`;
      const reply = await call('POST', path, {
        token: await tokenFor('globex'),
        headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
        body: killer,
      });
      expect([reply.status, reply.body]).toEqual([400, { error: expect.any(String), code: 'MALFORMED_BODY' }]);
      await stillServes(path, fields);
    },
  );

  it('answers 400 for more than 34 parts cut short, and for a part whose headers never end (no hang), and keeps serving', async () => {
    const token = await tokenFor('globex');
    const many = Array.from(
      { length: 40 },
      (_, i) => `--b${CRLF}Content-Disposition: form-data; name="f${i}"${CRLF}${CRLF}v${CRLF}`,
    );
    const bodies = [
      `${many.join('')}--b${CRLF}Content-Disposition: form-data; name="x"${CRLF}${CRLF}abc --b--`,
      `--b${CRLF}Content-Disposition: form-data; name="x"${CRLF}\r:x${CRLF}--b--${CRLF}`,
    ];
    for (const body of bodies) {
      const reply = await call('POST', dppUpload, {
        token,
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        body,
      });
      // The first is MALFORMED_BODY; the second parses as a form without its unfinished part (NO_FILE).
      expect([reply.status, ['MALFORMED_BODY', 'NO_FILE']]).toEqual([400, expect.arrayContaining([reply.body.code])]);
    }
    await stillServes();
  });
});

describe('defect 3: valid multipart from common clients is accepted', () => {
  describe.each(uploads)('POST $path', ({ path, fields }) => {
    it.each([
      ['a quoted boundary (.NET HttpClient)', 'multipart/form-data; boundary="Q1w2e3r4"', 'Q1w2e3r4'],
      ['no space before the parameter', 'multipart/form-data;boundary=Q1w2e3r4', 'Q1w2e3r4'],
      ['an upper-case media type', 'Multipart/Form-Data; boundary=Q1w2e3r4', 'Q1w2e3r4'],
      [
        'a boundary holding =_. (JavaMail style, quoted)',
        'multipart/form-data; boundary="----=_Part_0.123"',
        '----=_Part_0.123',
      ],
    ])('accepts a hand-built body with %s', async (_, contentType, boundary) => {
      const reply = await call('POST', path, {
        token: await tokenFor('globex'),
        headers: { 'content-type': contentType },
        body: handBuilt(boundary, fields),
      });
      expect([reply.status, reply.body.code]).toEqual([200, undefined]);
      expect(reply.body.file).toMatchObject({ name: 'Hand-built', type: 'application/pdf' });
    });

    it("accepts Node's fetch with FormData", async () => {
      const reply = await call('POST', path, {
        token: await tokenFor('globex'),
        form: form({ name: 'From fetch', ...fields }, { bytes: pdf, name: 'fetch.pdf', type: 'application/pdf' }),
      });
      expect([reply.status, reply.body.file?.name]).toEqual([200, 'From fetch']);
    });
  });
});

const hasCurl = spawnSync('curl', ['--version']).status === 0;

describe.skipIf(!hasCurl)('defect 3: uploads from curl', () => {
  /** An upload's answer: the file on success, the error body otherwise. */
  type UploadAnswer = { file?: { name: string; type: string }; code?: string };
  /** Runs curl against the local API; resolves with the status and the parsed JSON body. */
  async function curl(path: string, args: string[], stdin?: Buffer): Promise<{ status: number; body: UploadAnswer }> {
    const token = await tokenFor('globex');
    const child = spawn('curl', [
      '-sS',
      '-X',
      'POST',
      '-H',
      `authorization: Bearer ${token}`,
      '-w',
      '\n%{http_code}',
      ...args,
      `${apiUrl}${path}`,
    ]);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.stdin.end(stdin);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, Buffer.concat(err).toString()).toBe(0);
    const text = Buffer.concat(out).toString();
    const cut = text.lastIndexOf('\n');
    const status = Number(text.slice(cut + 1));
    const body = JSON.parse(text.slice(0, cut)) as UploadAnswer;
    checkResponse('POST', path, status, body);
    return { status, body };
  }
  const curlFields = (fields: Record<string, string>) =>
    Object.entries(fields).flatMap(([k, v]) => ['-F', `${k}=${v}`]);

  it.each(uploads)('POST $path: curl -F (curl picks the boundary)', async ({ path, fields }) => {
    const reply = await curl(path, [
      ...curlFields({ name: 'From curl', ...fields }),
      '-F',
      'file=@infra/local/fixtures/sample.pdf;type=application/pdf',
    ]);
    expect([reply.status, reply.body.file?.name, reply.body.file?.type]).toEqual([200, 'From curl', 'application/pdf']);
  });

  it.each(uploads)(
    'POST $path: curl -F with an upper-case media type (curl appends its boundary)',
    async ({ path, fields }) => {
      const reply = await curl(path, [
        '-H',
        'Content-Type: Multipart/Form-Data',
        ...curlFields({ name: 'Upper case', ...fields }),
        '-F',
        'file=@infra/local/fixtures/sample.pdf;type=application/pdf',
      ]);
      expect([reply.status, reply.body.file?.name]).toEqual([200, 'Upper case']);
    },
  );

  it.each([
    ['multipart/form-data; boundary="Q1w2e3r4"', 'Q1w2e3r4'],
    ['multipart/form-data;boundary=Q1w2e3r4', 'Q1w2e3r4'],
    ['Multipart/Form-Data; boundary=Q1w2e3r4', 'Q1w2e3r4'],
    ['multipart/form-data; boundary="----=_Part_0.123"', '----=_Part_0.123'],
  ])('curl --data-binary with a hand-built body and content-type %s', async (contentType, boundary) => {
    const reply = await curl(
      dppUpload,
      ['-H', `content-type: ${contentType}`, '--data-binary', '@-'],
      handBuilt(boundary),
    );
    expect([reply.status, reply.body.file?.type]).toEqual([200, 'application/pdf']);
  });
});
