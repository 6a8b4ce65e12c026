import { createHash } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler as createDppFile } from '../../../../functions/create-dpp-file';
import { MAX_MULTIPART_BODY_BYTES, MAX_UPLOAD_BYTES } from '../../../../lib/limits';
import { apiEvent, invoke, type TestRequest } from '../../../support/unit/events';
import { samples } from '../../../support/unit/files';
import { IDS } from '../../../support/unit/items';
import { filePartOf, multipart } from '../../../support/unit/multipart';
import { mintToken, PRINCIPAL } from '../../../support/unit/tokens';

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const URL = `/models/${IDS.model}/dpps/${IDS.dpp}/upload-file`;

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

const upload = (request: Omit<TestRequest, 'method' | 'url'>) =>
  invoke('create-dpp-file', createDppFile, { method: 'POST', url: URL, token, ...request });

const nothingWritten = () => {
  expect(s3.calls()).toHaveLength(0);
  expect(db.calls()).toHaveLength(0);
};

describe('multipart bodies, as API Gateway passes them (base64)', () => {
  it('arrive base64-encoded, with the boundary in the content-type', () => {
    const body = multipart([filePartOf(samples.pdf)]);
    const event = apiEvent('create-dpp-file', { method: 'POST', url: URL, token, body });
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64').equals(body.body)).toBe(true);
    expect(event.headers['content-type']).toBe(`multipart/form-data; boundary=${body.boundary}`);
  });

  it('parses the file and the text fields of a well-formed body', async () => {
    const response = await upload({
      body: multipart([
        { name: 'name', value: 'Care label' },
        { name: 'description', value: 'Wäsche bei 30 °C' },
        filePartOf(samples.pdf, 'care.pdf', 'application/pdf'),
      ]),
    });
    expect(response.status).toBe(200);
    expect(response.json.file).toMatchObject({
      name: 'Care label',
      description: 'Wäsche bei 30 °C',
      type: 'application/pdf',
      hash: createHash('sha256').update(samples.pdf).digest('hex'),
      created_by: PRINCIPAL.userId,
    });
    const put = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(Buffer.compare(Buffer.from(put.Body as Uint8Array), samples.pdf)).toBe(0);
  });

  it('keeps binary bytes intact, including CR LF and the boundary prefix inside the file', async () => {
    const tricky = Buffer.concat([samples.png, Buffer.from('\r\n--\r\n-- \r\n'), Buffer.from([0, 0xff, 0x0d, 0x0a])]);
    const response = await upload({ body: multipart([filePartOf(tricky, 'x.png', 'image/png')]) });
    expect(response.status).toBe(200);
    const put = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(Buffer.compare(Buffer.from(put.Body as Uint8Array), tricky)).toBe(0);
  });

  it('answers 400 MALFORMED_BODY for a body that is not multipart although the content-type says so', async () => {
    const response = await upload({
      body: Buffer.from('this is not multipart at all'),
      headers: { 'content-type': 'multipart/form-data; boundary=abc123' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: expect.any(String), code: 'MALFORMED_BODY' });
    nothingWritten();
  });

  it('answers 400 MALFORMED_BODY for a body built with another boundary than the header names', async () => {
    const body = multipart([filePartOf(samples.pdf)], 'one-boundary');
    const response = await upload({
      body: body.body,
      headers: { 'content-type': 'multipart/form-data; boundary=another' },
    });
    expect([response.status, response.json.code]).toEqual([400, 'MALFORMED_BODY']);
    nothingWritten();
  });

  it('answers 400 MALFORMED_BODY for multipart without a boundary parameter', async () => {
    const response = await upload({
      body: multipart([filePartOf(samples.pdf)]).body,
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect([response.status, response.json.code]).toEqual([400, 'MALFORMED_BODY']);
    nothingWritten();
  });

  it('answers 400 MALFORMED_BODY for a JSON body sent to an upload endpoint', async () => {
    const response = await upload({
      body: JSON.stringify({ name: 'x', file: Buffer.from(samples.pdf).toString('base64') }),
      headers: { 'content-type': 'application/json' },
    });
    expect([response.status, response.json.code]).toEqual([400, 'MALFORMED_BODY']);
    nothingWritten();
  });

  it('answers 400 MALFORMED_BODY when there is no body at all', async () => {
    const response = await upload({ headers: { 'content-type': 'multipart/form-data; boundary=abc' } });
    expect([response.status, response.json.code]).toEqual([400, 'MALFORMED_BODY']);
    nothingWritten();
  });

  it('answers 413 for a raw body over the limit, before parsing it and without touching S3 or DynamoDB', async () => {
    const file = Buffer.alloc(MAX_MULTIPART_BODY_BYTES + 1, 0x61);
    const response = await upload({ body: multipart([filePartOf(file, 'big.txt', 'text/plain')]) });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ error: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    nothingWritten();
  });

  it('answers 413 for a file one byte over the file limit in a body under the body limit', async () => {
    const body = multipart([filePartOf(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61), 'big.txt', 'text/plain')]);
    expect(body.body.length).toBeLessThanOrEqual(MAX_MULTIPART_BODY_BYTES);
    const response = await upload({ body });
    expect([response.status, response.json.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    nothingWritten();
  });

  it('accepts a file of exactly the file limit', async () => {
    const response = await upload({
      body: multipart([filePartOf(Buffer.alloc(MAX_UPLOAD_BYTES, 0x61), 'max.txt', 'text/plain')]),
    });
    expect(response.status).toBe(200);
    expect(response.json.file.type).toBe('text/plain');
  });

  it('answers 400 NO_FILE for a body with text fields only', async () => {
    const response = await upload({ body: multipart([{ name: 'name', value: 'x' }]) });
    expect([response.status, response.json.code]).toEqual([400, 'NO_FILE']);
    nothingWritten();
  });

  it('answers 400 (VALIDATION_ERROR on `file`) when `file` is sent as a text field', async () => {
    const response = await upload({ body: multipart([{ name: 'file', value: 'JVBERi0xLjcK' }]) });
    expect([response.status, response.json.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(response.json.details).toEqual([{ path: 'file', message: expect.any(String) }]);
    nothingWritten();
  });

  it('rejects two file parts with 400 TOO_MANY_FILES and stores nothing', async () => {
    const response = await upload({
      body: multipart([
        filePartOf(samples.pdf, 'a.pdf', 'application/pdf'),
        filePartOf(samples.png, 'b.png', 'image/png'),
      ]),
    });
    expect([response.status, response.json.code]).toEqual([400, 'TOO_MANY_FILES']);
    nothingWritten();
  });
});

describe('a multipart body that ends inside the file part', () => {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  beforeEach(() => {
    uncaught.length = 0;
    process.on('uncaughtException', record);
  });
  afterEach(() => {
    process.off('uncaughtException', record);
  });

  it('answers 400 MALFORMED_BODY and leaves no uncaught exception behind (which would kill the Lambda runtime)', async () => {
    const boundary = 'cut-short';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`,
    );
    const response = await upload({ body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    await new Promise((resolve) => setImmediate(resolve));
    expect([response.status, response.json.code]).toEqual([400, 'MALFORMED_BODY']);
    nothingWritten();
    expect(uncaught.map((e) => (e as Error).message)).toEqual([]);
  });
});
