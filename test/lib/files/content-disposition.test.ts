import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName } from '../../../lib/files/content-disposition';

describe('downloadName', () => {
  it("adds the type's extension to a name without it, and keeps a name that has it", () => {
    expect(downloadName('Declaration of conformity', 'application/pdf')).toBe('Declaration of conformity.pdf');
    expect(downloadName('declaration.PDF', 'application/pdf')).toBe('declaration.PDF');
    expect(downloadName('photo', 'image/jpeg')).toBe('photo.jpg');
  });

  it('drops control and bidi characters and path separators, and names an empty name file', () => {
    expect(downloadName('a\r\nb\u202Efdp.exe', 'application/pdf')).toBe('abfdp.exe.pdf');
    expect(downloadName('../../etc/passwd', 'text/plain')).toBe('.._.._etc_passwd.txt');
    expect(downloadName(' \t ', 'text/csv')).toBe('file.csv');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 6266, RFC 8187)', () => {
    expect(contentDisposition('attachment', 'Scheda – sicurezza "v2".pdf')).toBe(
      `attachment; filename="Scheda _ sicurezza _v2_.pdf"; filename*=UTF-8''Scheda%20%E2%80%93%20sicurezza%20%22v2%22.pdf`,
    );
    expect(contentDisposition('inline', "it's (50%).pdf")).toBe(
      `inline; filename="it's (50_).pdf"; filename*=UTF-8''it%27s%20%2850%25%29.pdf`,
    );
  });

  it('decodes back to the name', () => {
    const name = 'Ünïcødé 😀 ; = , .pdf';
    const value = contentDisposition('attachment', name);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(value)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(value).toMatch(/^[\x20-\x7e]+$/);
  });
});
