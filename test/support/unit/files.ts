import type { FilePart } from '../../../lib/files/upload';

/**
 * Smallest byte sequences that carry each format's signature (enough for detection
 * from bytes; not necessarily renderable), and formats the service must refuse.
 */
const bytes = (...parts: Array<string | number[]>): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

export const samples = {
  pdf: bytes(
    '%PDF-1.7\n%',
    [0xe2, 0xe3, 0xcf, 0xd3],
    '\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  ),
  png: bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0, 0, 0, 13],
    'IHDR',
    [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0],
  ),
  jpeg: bytes(
    [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10],
    'JFIF',
    [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9],
  ),
  webp: bytes(
    'RIFF',
    [0x1a, 0, 0, 0],
    'WEBPVP8L',
    [0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0],
  ),
  gif87a: bytes(
    'GIF87a',
    [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b],
  ),
  gif89a: bytes(
    'GIF89a',
    [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b],
  ),
  text: Buffer.from('Care instructions\r\n\tWash at 30 °C.\nDo not tumble dry.\n', 'utf8'),
  csv: Buffer.from('material,share\ncotton,95\nelastane,5\n', 'utf8'),
  json: Buffer.from('{"material":"cotton","share":95,"recycled":true}', 'utf8'),

  zip: bytes('PK', [0x03, 0x04, 0x14, 0, 0, 0, 0x08, 0], 'report.pdf', [0, 0, 0, 0]),
  exe: bytes('MZ', [0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00], 'This program cannot be run in DOS mode.'),
  elf: bytes([0x7f], 'ELF', [0x02, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x00, 0x3e, 0x00]),
} as const;

/** A file part as the multipart parser leaves it (lib/files/upload.ts FilePart). */
export const partOf = (content: Buffer, overrides: Partial<FilePart> = {}): FilePart => ({
  filename: 'care-label.pdf',
  mimetype: 'application/pdf',
  encoding: '7bit',
  truncated: false,
  content,
  ...overrides,
});
