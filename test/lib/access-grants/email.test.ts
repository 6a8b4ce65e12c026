import { describe, expect, it } from 'vitest';
import { grantEmail } from '../../../lib/access-grants/email';

const mail = (companyName: string) =>
  grantEmail({
    to: 'inspector@authority.example',
    companyName,
    dppName: 'E-bike battery',
    url: 'https://dpp.example.com/passport/x?access=secret',
    expiresAt: '2027-01-31T12:00:00.000Z',
  });

describe('grantEmail', () => {
  it('ends a sentence with a company name that ends in a period once, not twice (S.r.l.)', () => {
    const { text, html } = mail('Acme Bikes S.r.l.');
    for (const body of [text, html]) {
      expect(body).not.toMatch(/\.\./);
      expect(body).toContain('recorded for Acme Bikes S.r.l. Do not forward it.');
    }
  });

  it('adds the period after a name without one', () => {
    const { text, html } = mail('Volta GmbH');
    expect(text).toContain('recorded for Volta GmbH. Do not forward it.');
    expect(html).toContain('recorded for Volta GmbH. Do not forward it.');
  });
});
