import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { IMAGE_FORMATS, readUpload, sha256Hex } from '../../../lib/files/upload';
import { MAX_UPLOAD_BYTES } from '../../../lib/limits';
import { partOf as part, samples } from '../../support/unit/files';
import { rejection } from '../../support/unit/rejection';

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
    expect(readUpload(part(samples.png, { mimetype: 'application/pdf', filename: 'x.pdf' })).mimeType).toBe(
      'image/png',
    );
  });

  it('falls back to the name "file" when the part has no file name', () => {
    expect(readUpload(part(samples.text, { filename: '' })).filename).toBe('file');
  });

  it('cuts a client file name to the 200 characters a name may have', () => {
    expect(readUpload(part(samples.text, { filename: `${'n'.repeat(250)}.txt` })).filename).toBe('n'.repeat(200));
  });

  it('refuses a missing file part as invalid input NO_FILE', () => {
    const error = rejection(() => readUpload(undefined));
    expect([error.kind, error.code]).toEqual(['invalid', 'NO_FILE']);
  });

  it('refuses two files as invalid input TOO_MANY_FILES', () => {
    const error = rejection(() => readUpload([part(samples.pdf), part(samples.png)]));
    expect([error.kind, error.code]).toEqual(['invalid', 'TOO_MANY_FILES']);
  });

  it('refuses a file the parser truncated at the limit as too large', () => {
    const error = rejection(() => readUpload(part(samples.pdf, { truncated: true })));
    expect([error.kind, error.code]).toEqual(['too_large', 'PAYLOAD_TOO_LARGE']);
  });

  it('refuses a file one byte over the limit as too large', () => {
    const error = rejection(() => readUpload(part(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61))));
    expect([error.kind, error.code]).toEqual(['too_large', 'PAYLOAD_TOO_LARGE']);
  });

  it('accepts a file of exactly the limit', () => {
    expect(readUpload(part(Buffer.alloc(MAX_UPLOAD_BYTES, 0x61))).size).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses an empty file as invalid input EMPTY_FILE', () => {
    const error = rejection(() => readUpload(part(Buffer.alloc(0))));
    expect([error.kind, error.code]).toEqual(['invalid', 'EMPTY_FILE']);
  });

  it('refuses a ZIP even when it is named .pdf and sent as application/pdf', () => {
    const error = rejection(() =>
      readUpload(part(samples.zip, { filename: 'report.pdf', mimetype: 'application/pdf' })),
    );
    expect([error.kind, error.code]).toEqual(['invalid', 'INVALID_FILE_FORMAT']);
    expect(error.message).toMatch(/invalid file format/);
  });

  it('refuses a claimed hash of other bytes as HASH_MISMATCH, with the expected hash in the details', () => {
    const error = rejection(() => readUpload(part(samples.pdf), sha256(samples.png)));
    expect([error.kind, error.code]).toEqual(['invalid', 'HASH_MISMATCH']);
    expect(error.details).toEqual([{ path: 'hash', message: `expected ${sha256(samples.pdf)}` }]);
  });

  it('accepts a matching hash', () => {
    expect(readUpload(part(samples.pdf), sha256(samples.pdf)).sha256).toBe(sha256(samples.pdf));
  });

  it('accepts a matching hash sent in upper case once it went through the sha256Hex field rule', () => {
    const claimed = v.parse(sha256Hex, sha256(samples.pdf).toUpperCase());
    expect(readUpload(part(samples.pdf), claimed).sha256).toBe(sha256(samples.pdf));
  });

  it('checks the format before the hash: a ZIP with its own correct hash is still INVALID_FILE_FORMAT', () => {
    expect(rejection(() => readUpload(part(samples.zip), sha256(samples.zip))).code).toBe('INVALID_FILE_FORMAT');
  });
});

describe('readUpload with IMAGE_FORMATS (a DPP image)', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif87a', 'image/gif'],
    ['gif89a', 'image/gif'],
  ] as const)('accepts a %s as %s', (sample, type) => {
    expect(readUpload(part(samples[sample]), undefined, IMAGE_FORMATS).mimeType).toBe(type);
  });

  it.each(['pdf', 'text', 'csv', 'json', 'zip', 'exe'] as const)(
    'refuses a %s, a format the file routes take or not, naming only the image formats',
    (sample) => {
      const error = rejection(() =>
        readUpload(part(samples[sample], { mimetype: 'image/png' }), undefined, IMAGE_FORMATS),
      );
      expect([error.kind, error.code, error.message]).toEqual([
        'invalid',
        'INVALID_FILE_FORMAT',
        'invalid file format: allowed are PNG, JPEG, WebP and GIF',
      ]);
    },
  );
});

describe('sha256Hex', () => {
  it('lowercases a hex SHA-256', () => {
    expect(v.parse(sha256Hex, 'AB'.repeat(32))).toBe('ab'.repeat(32));
  });

  it.each([
    ['too short', 'ab'.repeat(31)],
    ['too long', 'ab'.repeat(33)],
    ['not hex', 'zz'.repeat(32)],
    ['base64', Buffer.alloc(32).toString('base64')],
  ])('refuses a hash that is %s', (_, value) => {
    expect(v.safeParse(sha256Hex, value).success).toBe(false);
  });
});
