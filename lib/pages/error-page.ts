import { contentSecurityPolicy, esc, page } from './html';
import { type Labels, labelsFor, PAGE_LANGUAGES } from './labels';
import { negotiateLanguage } from './language';
import { CSS } from './style';

const TEXTS: Record<number, [keyof Labels, keyof Labels]> = {
  400: ['badRequestTitle', 'badRequestText'],
  404: ['notFoundTitle', 'notFoundText'],
};

/** What an error page is about: a passport (the passport page, the resolver), or an invitation (English only). */
export type ErrorSubject = 'passport' | 'invitation';

/** The invitation page's errors: its link came in an e-mail, and the page is English only. */
const INVITATION_TEXTS: Record<number, [string, string]> = {
  400: [
    'This invitation link is not valid',
    'The link is malformed or incomplete. Open the whole link of the invitation e-mail, or ask the company for a new invitation.',
  ],
  404: ['Invitation not found', 'There is no invitation at this address. Ask the company for a new one.'],
};

/**
 * The HTML error page a browser gets where an API client gets the JSON error (the passport
 * page, the resolver, the invitation page): the status in words and the error's code for
 * whoever reports it. A passport's error is in the reader's language among the pages' own:
 * `?lang=` when it names one (as on the passport page), else Accept-Language. An invitation's
 * is in English, as its page.
 */
export function renderErrorPage(
  status: number,
  request: { acceptLanguage?: string; lang?: string; code?: string; subject?: ErrorSubject },
): { html: string; csp: string; lang: string } {
  const { code, subject = 'passport' } = request;
  const { lang, labels } = labelsFor(
    subject === 'invitation' ? 'en' : negotiateLanguage(PAGE_LANGUAGES, request.acceptLanguage, request.lang),
  );
  const [titleKey, textKey] = TEXTS[status] ?? ['errorTitle', 'errorText'];
  const [title, text] =
    subject === 'invitation'
      ? (INVITATION_TEXTS[status] ?? [
          labels.errorTitle,
          'The invitation could not be shown right now. Please try again in a moment.',
        ])
      : [labels[titleKey], labels[textKey]];
  const kicker = subject === 'invitation' ? 'Digital product passport service' : labels.passport;
  const body =
    `<main class="single"><p class="kicker">${esc(kicker)}</p><h1>${esc(title)}</h1><p>${esc(text)}</p>` +
    `<p class="meta">HTTP ${status}${code ? ` · <code>${esc(code)}</code>` : ''}</p></main>`;
  return {
    html: page({ lang, title, css: CSS, body }),
    csp: contentSecurityPolicy({ css: CSS }),
    lang,
  };
}
