import { defined } from '../defined';

/**
 * Which of a passport's languages a reader gets: `?lang=` when it names one of them, else the
 * best of `Accept-Language` (RFC 9110 §12.5.4, q-values; a range such as `fr-CH` also matches
 * `fr`, RFC 4647 lookup), else the passport's original language.
 */

interface Range {
  tag: string;
  q: number;
  at: number;
}

/** The ranges of an Accept-Language value, best first (ties in the order given); q=0 and junk dropped. */
export function acceptedLanguages(header: string | undefined): string[] {
  const ranges: Range[] = [];
  (header ?? '').split(',').forEach((part, at) => {
    const [tag = '', ...params] = part.trim().split(';');
    const range = tag.trim().toLowerCase();
    if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(range)) return;
    const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    ranges.push({ tag: range, q, at });
  });
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

/**
 * The language to answer in among `available` (the first is the original, the default):
 * `override` if available, else the first accepted range that one of them matches.
 */
export function negotiateLanguage(
  available: readonly string[],
  acceptLanguage: string | undefined,
  override?: string,
): string {
  const original = defined(available[0], 'the original language');
  const wanted = override?.toLowerCase();
  if (wanted !== undefined && available.includes(wanted)) return wanted;
  for (const range of acceptedLanguages(acceptLanguage)) {
    if (range === '*') return original;
    const subtags = range.split('-');
    // Lookup: `de-ch-1996` tries `de-ch-1996`, `de-ch`, `de`.
    for (let n = subtags.length; n > 0; n--) {
      const candidate = subtags.slice(0, n).join('-');
      if (available.includes(candidate)) return candidate;
    }
  }
  return original;
}

/**
 * Whether a client asks for HTML before JSON: a browser's `Accept` (`text/html,…,*\/*;q=0.8`).
 * A missing Accept, `*\/*`, or JSON ranked at least as high as HTML is an API client.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q)) continue;
    const media = type.trim().toLowerCase();
    if (media === 'text/html' || media === 'application/xhtml+xml') html = Math.max(html, q);
    if (media === 'application/json' || media === 'application/problem+json') json = Math.max(json, q);
  }
  return html > 0 && html > json;
}
