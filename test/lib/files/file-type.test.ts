import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../../lib/files/file-type';
import { samples } from '../../support/unit/files';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('detectFileType: the eight allowed formats, from their bytes', () => {
  it.each([
    ['a PDF', samples.pdf, 'application/pdf'],
    ['a PNG', samples.png, 'image/png'],
    ['a JPEG', samples.jpeg, 'image/jpeg'],
    ['a WebP', samples.webp, 'image/webp'],
    ['a GIF87a', samples.gif87a, 'image/gif'],
    ['a GIF89a', samples.gif89a, 'image/gif'],
    ['plain text with tabs, CR and LF', samples.text, 'text/plain'],
    ['a CSV', samples.csv, 'text/csv'],
    ['a JSON object', samples.json, 'application/json'],
  ] as const)('detects %s', (_, bytes, mime) => {
    expect(detectFileType(bytes)).toBe(mime);
  });

  it('detects a PDF from its signature alone, even when the rest is binary', () => {
    expect(detectFileType(Buffer.concat([utf8('%PDF-1.4\n'), Buffer.from([0, 1, 2, 0xff, 0xfe])]))).toBe(
      'application/pdf',
    );
  });

  it('does not take a RIFF container that is not WEBP (a WAV) for WebP', () => {
    const wav = Buffer.concat([
      utf8('RIFF'),
      Buffer.from([0x24, 0, 0, 0]),
      utf8('WAVEfmt '),
      Buffer.from([0x10, 0, 0, 0, 1, 0]),
    ]);
    expect(detectFileType(wav)).toBeUndefined();
  });

  it('does not take a PNG signature cut short for a PNG', () => {
    expect(detectFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
  });
});

describe('detectFileType: refused content', () => {
  it('rejects an empty file', () => {
    expect(detectFileType(new Uint8Array(0))).toBeUndefined();
  });

  it.each([
    ['a ZIP', samples.zip],
    ['a Windows executable', samples.exe],
    ['an ELF binary', samples.elf],
  ] as const)('rejects %s', (_, bytes) => {
    expect(detectFileType(bytes)).toBeUndefined();
  });

  it('rejects bytes that are not valid UTF-8', () => {
    expect(detectFileType(Buffer.from([0x68, 0x69, 0xc3, 0x28, 0x21]))).toBeUndefined();
  });

  it('rejects a UTF-8 sequence cut in the middle of a character', () => {
    expect(detectFileType(Buffer.concat([utf8('prezzo: 10 '), Buffer.from([0xe2, 0x82])]))).toBeUndefined();
  });

  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['vertical tab', '\u000b'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
  ])('rejects otherwise valid text containing %s', (_, control) => {
    expect(detectFileType(utf8(`hello${control}world\n`))).toBeUndefined();
  });

  it('rejects JSON that contains a raw control character', () => {
    expect(detectFileType(utf8('{"a":"b\u0001"}'))).toBeUndefined();
  });
});

describe('detectFileType: text, CSV and JSON told apart', () => {
  it('accepts non-ASCII UTF-8 text as plain text', () => {
    expect(detectFileType(utf8('Größe: 38 · Ωmega · 綿 100%\n'))).toBe('text/plain');
  });

  it('treats HTML and SVG as plain text, never as markup', () => {
    expect(detectFileType(utf8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe(
      'text/plain',
    );
    expect(detectFileType(utf8('<!doctype html><html><body>hi</body></html>'))).toBe('text/plain');
  });

  it('detects a JSON array and JSON surrounded by whitespace', () => {
    expect(detectFileType(utf8('[1, 2, 3]'))).toBe('application/json');
    expect(detectFileType(utf8('\n\t {"a": [1, {"b": null}]}\r\n'))).toBe('application/json');
  });

  it('detects JSON that starts with a UTF-8 byte-order mark', () => {
    expect(detectFileType(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{"a":1}')]))).toBe('application/json');
  });

  it('does not call a bare JSON string or number JSON: they are plain text', () => {
    expect(detectFileType(utf8('"just a string"'))).toBe('text/plain');
    expect(detectFileType(utf8('42'))).toBe('text/plain');
  });

  it('calls text that only looks like JSON plain text', () => {
    expect(detectFileType(utf8('{"unterminated": true'))).toBe('text/plain');
    expect(detectFileType(utf8('[not, json]'))).toBe('text/plain');
  });

  it('prefers JSON over CSV for a multi-line JSON document whose lines have equal commas', () => {
    expect(detectFileType(utf8('[\n1,\n2,\n3\n]'))).toBe('application/json');
  });

  it('detects a semicolon-separated CSV', () => {
    expect(detectFileType(utf8('material;share\ncotton;95\nelastane;5\n'))).toBe('text/csv');
  });

  it('detects a CSV with CRLF line ends and a trailing blank line', () => {
    expect(detectFileType(utf8('a,b,c\r\n1,2,3\r\n4,5,6\r\n\r\n'))).toBe('text/csv');
  });

  it('calls a single comma-separated line plain text (one row is not a table)', () => {
    expect(detectFileType(utf8('a,b,c\n'))).toBe('text/plain');
  });

  it('calls prose with an uneven number of commas per line plain text', () => {
    expect(detectFileType(utf8('Hello, world.\nThis line, has, more commas.\n'))).toBe('text/plain');
  });

  it('calls lines without any separator plain text', () => {
    expect(detectFileType(utf8('first line\nsecond line\n'))).toBe('text/plain');
  });

  it('detects a CSV whose quoted fields contain the separator', () => {
    // RFC 4180: a quoted field may contain commas ("Acme, Inc."); rows still have 3 fields.
    expect(detectFileType(utf8('supplier,country,share\n"Acme, Inc.",IT,60\nBeta,DE,40\n'))).toBe('text/csv');
  });
});
