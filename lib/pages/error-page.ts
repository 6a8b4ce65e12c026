import { contentSecurityPolicy, esc, page } from './html';
import { type Labels, labelsFor, PAGE_LANGUAGES } from './labels';
import { negotiateLanguage } from './language';
import { CSS } from './style';

const TEXTS: Record<number, [keyof Labels, keyof Labels]> = {
  400: ['badRequestTitle', 'badRequestText'],
  404: ['notFoundTitle', 'notFoundText'],
};

/**
 * The HTML error page a browser gets where an API client gets the JSON error (the passport
 * page, the resolver, the catch-all): the status in words, in the reader's language among the
 * pages' own (Accept-Language), and the error's code for whoever reports it.
 */
export function renderErrorPage(
  status: number,
  acceptLanguage: string | undefined,
  code?: string,
): { html: string; csp: string; lang: string } {
  const { lang, labels } = labelsFor(negotiateLanguage(PAGE_LANGUAGES, acceptLanguage));
  const [title, text] = TEXTS[status] ?? ['errorTitle', 'errorText'];
  const body =
    `<main class="single"><p class="kicker">${esc(labels.passport)}</p><h1>${esc(labels[title])}</h1><p>${esc(labels[text])}</p>` +
    `<p class="meta">HTTP ${status}${code ? ` · <code>${esc(code)}</code>` : ''}</p></main>`;
  return {
    html: page({ lang, title: labels[title], css: CSS, body }),
    csp: contentSecurityPolicy({ css: CSS }),
    lang,
  };
}
