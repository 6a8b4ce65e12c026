import { describe, expect, it } from 'vitest';
import { grantEmail } from '../../../lib/access-grants/email';
import { isSingleLine } from '../../../lib/text';

describe('grantEmail', () => {
  const mail = (companyName: string, dppName: string) =>
    grantEmail({
      to: 'workshop@example.com',
      companyName,
      dppName,
      url: 'https://dpp.example/passport/d1?access=g.s',
      expiresAt: '2026-12-01T10:00:00.000Z',
    });

  it('names the company and the passport in its Subject', () => {
    expect(mail('Acme Bikes S.r.l.', 'E-bike 500').subject).toBe(
      'Acme Bikes S.r.l. shares a product passport with you: E-bike 500',
    );
  });

  it('keeps line breaks, control and bidirectional characters of stored names out of the Subject', () => {
    // Names stored before single-line fields refused them (legacy data): the header is still one line.
    const subject = mail('Acme\r\nBcc: all@example.com', 'Pack\u202Efdp.exe\u0007\u2066x\u2069\n').subject;
    expect(isSingleLine(subject)).toBe(true);
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toBe('Acme Bcc: all@example.com shares a product passport with you: Pack fdp.exe x');
  });
});
