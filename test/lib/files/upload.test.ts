import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rejection } from '../../support/unit/rejection';
import { readUpload, sha256Hex } from '../../../lib/files/upload';
import { MAX_UPLOAD_BYTES } from '../../../lib/http/limits';
import type { FilePart } from '../../../lib/http/types';
import { samples } from '../../support/unit/files';

const part = (content: Buffer, overrides: Partial<FilePart> = {}): FilePart => ({
  filename: 'care-label.pdf',
  mimetype: 'application/pdf',
  encoding: '7bit',
  truncated: false,
  content,
  ...overrides,
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');


describe('readUpload', () => {
  it('accepts a PDF and returns its bytes, detected type, size and SHA-256', () => {
    const upload = readUpload(part(samples.pdf));
    expect(upload).toEqual({
      bytes: samples.pdf,
      mimeType: 'application/pdf',
      sha256: sha256(samples.pdf),
      size: samples.pdf.length,
      filename: 'care-label.pdf',
    });
  });

  it('takes the type from the bytes, not from the client: a PNG sent as application/pdf is image/png', () => {
    expect(readUpload(part(samples.png, { mimetype: 'application/pdf', filename: 'x.pdf' })).mimeType).toBe('image/png');
  });

  it('falls back to the name "file" when the part has no file name', () => {
    expect(readUpload(part(samples.text, { filename: '' })).filename).toBe('file');
  });

  it('answers 400 NO_FILE when there is no file part', () => {
    const error = rejection(() => readUpload(undefined));
    expect([error.status, error.code]).toEqual([400, 'NO_FILE']);
  });

  it('answers 400 when two files are sent', () => {
    const error = rejection(() => readUpload([part(samples.pdf), part(samples.png)]));
    expect([error.status, error.code]).toEqual([400, 'TOO_MANY_FILES']);
  });

  it('answers 413 for a file the parser truncated at the limit', () => {
    const error = rejection(() => readUpload(part(samples.pdf, { truncated: true })));
    expect([error.status, error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('answers 413 for a file one byte over the limit', () => {
    const content = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61);
    const error = rejection(() => readUpload(part(content)));
    expect([error.status, error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('accepts a file of exactly the limit', () => {
    const content = Buffer.alloc(MAX_UPLOAD_BYTES, 0x61);
    expect(readUpload(part(content)).size).toBe(MAX_UPLOAD_BYTES);
  });

  it('answers 400 EMPTY_FILE for an empty file', () => {
    const error = rejection(() => readUpload(part(Buffer.alloc(0))));
    expect([error.status, error.code]).toEqual([400, 'EMPTY_FILE']);
  });

  it('rejects a ZIP even when it is named .pdf and sent as application/pdf', () => {
    const error = rejection(() => readUpload(part(samples.zip, { filename: 'report.pdf', mimetype: 'application/pdf' })));
    expect([error.status, error.code]).toEqual([400, 'INVALID_FILE_FORMAT']);
    expect(error.message).toMatch(/invalid file format/);
  });

  it('answers 400 HASH_MISMATCH with the expected hash when the claimed hash is of other bytes', () => {
    const error = rejection(() => readUpload(part(samples.pdf), sha256(samples.png)));
    expect([error.status, error.code]).toEqual([400, 'HASH_MISMATCH']);
    expect(error.details).toEqual([{ path: 'hash', message: `expected ${sha256(samples.pdf)}` }]);
  });

  it('accepts a matching hash', () => {
    expect(readUpload(part(samples.pdf), sha256(samples.pdf)).sha256).toBe(sha256(samples.pdf));
  });

  it('accepts a matching hash sent in upper case once it went through the sha256Hex field rule', () => {
    const claimed = sha256Hex.parse(sha256(samples.pdf).toUpperCase());
    expect(readUpload(part(samples.pdf), claimed).sha256).toBe(sha256(samples.pdf));
  });

  it('checks the format before the hash: a ZIP with its own correct hash is still 400 INVALID_FILE_FORMAT', () => {
    expect(rejection(() => readUpload(part(samples.zip), sha256(samples.zip))).code).toBe('INVALID_FILE_FORMAT');
  });
});

describe('sha256Hex', () => {
  it('lowercases a hex SHA-256', () => {
    expect(sha256Hex.parse('AB'.repeat(32))).toBe('ab'.repeat(32));
  });

  it.each([
    ['too short', 'ab'.repeat(31)],
    ['too long', 'ab'.repeat(33)],
    ['not hex', 'zz'.repeat(32)],
    ['base64', Buffer.alloc(32).toString('base64')],
  ])('refuses a hash that is %s', (_, value) => {
    expect(sha256Hex.safeParse(value).success).toBe(false);
  });
});
