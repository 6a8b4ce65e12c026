import { describe, expect, it } from 'vitest';
import { invitationEmail } from '../../../lib/invitations/email';

describe('invitationEmail', () => {
  const mail = invitationEmail({
    to: 'new@example.com',
    companyName: 'Tom & <Jerry> "Bikes"',
    url: 'https://dpp.example/accept-invitation?invitationId=QhgyT_gJIgJ02FsEXjfnfw',
    expiresAt: '2026-11-29T10:00:00.000Z',
  });

  it('says the same in its HTML and text parts, with the accept link and the expiry', () => {
    expect(mail.to).toBe('new@example.com');
    expect(mail.subject).toBe('You are invited to join Tom & <Jerry> "Bikes"');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('https://dpp.example/accept-invitation?invitationId=QhgyT_gJIgJ02FsEXjfnfw');
      expect(part).toContain('2026-11-29 10:00 UTC');
    }
    expect(mail.html).toContain('<a href="https://dpp.example/accept-invitation?invitationId=QhgyT_gJIgJ02FsEXjfnfw">');
  });

  it('writes the company name as text in the HTML part, never as markup', () => {
    expect(mail.html).toContain('Tom &#38; &#60;Jerry&#62; &#34;Bikes&#34;');
    expect(mail.html).not.toContain('<Jerry>');
    expect(mail.text).toContain('Tom & <Jerry> "Bikes"');
  });
});

describe('invitationEmail, with a company name stored before names were single-line', () => {
  it('sends a Subject of one line', () => {
    const { subject } = invitationEmail({
      to: 'new@example.com',
      companyName: 'Acme\r\nBcc: all@example.com\u202E',
      url: 'https://dpp.example/accept-invitation?invitationId=QhgyT_gJIgJ02FsEXjfnfw',
      expiresAt: '2026-11-29T10:00:00.000Z',
    });
    expect(subject).toBe('You are invited to join Acme Bcc: all@example.com');
    expect(subject).not.toMatch(/[\r\n\u202E]/);
  });
});
