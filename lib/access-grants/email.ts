import type { Email } from '../aws/ses';
import { oneLine } from '../text';

/** `&`, `<`, `>`, `"` and `'` as HTML entities: a name or an address is text, never markup. */
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A sentence ending with `text`: its own final period (`Acme S.r.l.`) ends it, not a second one. */
const endSentence = (text: string): string => (/[.!?…]$/.test(text) ? text : `${text}.`);

export interface GrantMail {
  to: string;
  companyName: string;
  dppName: string;
  /** The grant's link to the passport page (with its secret). */
  url: string;
  expiresAt: string;
}

/**
 * The e-mail of a grant to an operator: the same words as HTML and as plain text, with the link.
 * The Subject is one line whatever the names hold (a DPP named before names refused line breaks
 * and bidirectional controls: lib/text.ts).
 */
export function grantEmail({ to, companyName, dppName, url, expiresAt }: GrantMail): Email {
  const subject = `${oneLine(companyName)} shares a product passport with you: ${oneLine(dppName)}`;
  const until = `${expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  const text = [
    `${companyName} gives you access to the restricted parts of the product passport "${dppName}".`,
    '',
    `Open it: ${url}`,
    '',
    `The link works until ${until}. It is yours: every read through it is recorded for ${endSentence(companyName)} Do not forward it.`,
  ].join('\n');
  const html = [
    '<!doctype html><html><head><meta name="referrer" content="no-referrer"></head><body style="font-family:sans-serif;line-height:1.5">',
    `<p><strong>${escapeHtml(companyName)}</strong> gives you access to the restricted parts of the product passport “${escapeHtml(dppName)}”.</p>`,
    `<p><a href="${escapeHtml(url)}" rel="noreferrer">Open the passport</a></p>`,
    `<p>The link works until ${escapeHtml(until)}. It is yours: every read through it is recorded for ${escapeHtml(endSentence(companyName))} Do not forward it.</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, html, text };
}
