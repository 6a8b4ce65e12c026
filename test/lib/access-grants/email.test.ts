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

  it('ends a sentence with a company name that ends in a period once, not twice (S.r.l.)', () => {
    const { text, html } = mail('Acme Bikes S.r.l.', 'E-bike battery');
    for (const body of [text, html]) {
      expect(body).not.toMatch(/\.\./);
      expect(body).toContain('recorded for Acme Bikes S.r.l. Do not forward it.');
    }
  });

  it('adds the period after a name without one', () => {
    const { text, html } = mail('Volta GmbH', 'E-bike battery');
    expect(text).toContain('recorded for Volta GmbH. Do not forward it.');
    expect(html).toContain('recorded for Volta GmbH. Do not forward it.');
  });
});
