import type { Email } from '../aws/ses';
import { oneLine } from '../text';

/** `&`, `<`, `>`, `"` and `'` as HTML entities: a company name or an address is text, never markup. */
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface InvitationMail {
  to: string;
  companyName: string;
  /** The accept link (lib/links.ts invitationUrl). */
  url: string;
  expiresAt: string;
}

/** The invitation e-mail: the same words as HTML and as plain text, with the accept link. */
export function invitationEmail({ to, companyName, url, expiresAt }: InvitationMail): Email {
  const subject = `You are invited to join ${oneLine(companyName)}`;
  const until = `${expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  const text = [
    `You are invited to join ${companyName} as a member of its workspace on the Digital Product Passport service.`,
    '',
    `Accept the invitation: ${url}`,
    '',
    `The invitation expires on ${until}. If you did not expect it, ignore this e-mail: nothing happens until it is accepted.`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>You are invited to join <strong>${escapeHtml(companyName)}</strong> as a member of its workspace on the Digital Product Passport service.</p>`,
    `<p><a href="${escapeHtml(url)}">Accept the invitation</a></p>`,
    `<p>Or open this address: ${escapeHtml(url)}</p>`,
    `<p>The invitation expires on ${escapeHtml(until)}. If you did not expect it, ignore this e-mail: nothing happens until it is accepted.</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, html, text };
}
