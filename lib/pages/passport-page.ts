import type { GrantableTier } from '../access-tiers/tiers';
import { defined } from '../defined';
import type { AspectGroup } from './aspects-section';
import { contentSecurityPolicy, esc, page } from './html';
import { type Labels, labelsFor } from './labels';
import { ASPECT_CSS, CSS } from './style';
import { stateSentence, stateWords, type VersionState } from './verification-words';

/** What the passport page shows, already in the reader's language (lib/pages/view-passport.ts). */
export interface PassportView {
  /** The language of the texts (`<html lang>`). */
  lang: string;
  name: string;
  description: string;
  /** Every language of the passport, the original first, with the page's address in it. */
  languages: ReadonlyArray<{ code: string; href: string }>;
  /** `restricted`: the tier of a part above `public`, shown only through a grant and marked as such. */
  images: ReadonlyArray<{ src: string; restricted?: GrantableTier }>;
  /** `lang`: set on a text shown in the original because it has no current translation. */
  cards: ReadonlyArray<{
    name: string;
    description: string;
    lang?: string;
    characteristics: ReadonlyArray<{ text: string; lang?: string }>;
    restricted?: GrantableTier;
  }>;
  files: ReadonlyArray<{
    name: string;
    description: string;
    lang?: string;
    href: string;
    type: string;
    size?: number;
    restricted?: GrantableTier;
  }>;
  /** Set when the page was asked with an `access` value that names no active grant: the page says so. */
  accessInvalid?: boolean;
  company?: { name: string; country: string };
  gtin?: string;
  serial?: string;
  /** Its identifier in the EU DPP registry (PUT /dpps/{dppId}/registration), once stored. */
  registrationId?: string;
  /** Newest first. */
  versions: ReadonlyArray<{
    number: number;
    date: string;
    hash: string;
    href: string;
    notarization?: {
      status: 'PENDING' | 'ANCHORED' | 'FAILED';
      url?: string;
      transaction?: string;
      verification?: VersionState['verification'];
    };
    /** The version's live verification (JSON). */
    verifyHref: string;
  }>;
  /** How many versions there are in all (the page lists the newest). */
  versionCount: number;
  jsonHref: string;
  /** A profiled passport (docs/profiles.md): its category in the reader's language, whether complete, its aspects at the reader's tier. */
  profiled?: { category?: string; complete: boolean; aspects: readonly AspectGroup[] };
  /** Its lifecycle: the pages of the passports it replaces and that replaced it, and when it ceased. */
  lifecycle?: { replaces?: string; replacedBy?: string; ceasedAt?: string };
}

/** A name in its own language (`italiano`), or the code where the runtime has no name for it. */
function autonym(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** A country's name in `lang` (`Italia`), or its code. */
function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A date in `lang` (UTC), in a `<time>` holding the exact timestamp. */
function date(iso: string, lang: string): string {
  let shown = iso.slice(0, 10);
  try {
    shown = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  } catch {}
  return `<time datetime="${esc(iso)}">${esc(shown)}</time>`;
}

/** `PDF, 120 kB`: a file's kind and size for its download link. */
function fileKind(type: string, size: number | undefined, lang: string): string {
  const kind = (type.split('/')[1] ?? type).toUpperCase();
  if (size === undefined) return kind;
  const kb = Math.max(1, Math.round(size / 1000));
  return `${kind}, ${kb >= 1000 ? `${(kb / 1000).toLocaleString(lang, { maximumFractionDigits: 1 })} MB` : `${kb} kB`}`;
}

const langAttr = (lang: string | undefined): string => (lang === undefined ? '' : ` lang="${esc(lang)}"`);

/** The page's words: in the passport's language, or English marked as such. */
function wordsFor(lang: string) {
  const { lang: labelsLang, labels } = labelsFor(lang);
  const mark = labelsLang === lang ? '' : ` lang="${labelsLang}"`;
  /** A label as text in an element of its own (`tag`), marked when its language is not the page's. */
  const t = (key: keyof Labels, tag = 'span'): string =>
    mark === '' && tag === 'span' ? esc(labels[key]) : `<${tag}${mark}>${esc(labels[key])}</${tag}>`;
  return { labels, mark, t };
}

/** A transaction hash as a link text: its start and end (the link holds it whole). */
const short = (hash: string): string => (hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash);

/** A version's state in plain words, its transaction, and the link to its live verification. */
function notarizationLine(v: PassportView['versions'][number], lang: string, t: (k: keyof Labels) => string) {
  const n = v.notarization;
  const { words, mark } = stateWords(lang);
  const said = stateSentence({ status: n?.status, verification: n?.verification }, lang, (iso) => date(iso, lang));
  const sentence = mark ? `<span${mark}>${said}</span>` : said;
  const check = `<br><a href="${esc(v.verifyHref)}"${mark}>${esc(words.link.replace('{n}', String(v.number)))}</a>`;
  if (!n?.transaction) return sentence + check;
  // With an explorer link the hash is in it; without one, the whole hash is the reader's only way to look it up.
  return n.url
    ? `${sentence} <a href="${esc(n.url)}">${t('transaction')} <code>${esc(short(n.transaction))}</code></a>${check}`
    : `${sentence} ${t('transaction')} <code>${esc(n.transaction)}</code>${check}`;
}

/** The whole passport page: HTML with its style inline and no script, and its CSP. */
export function renderPassport(view: PassportView, imageOrigins: string[] = []): { html: string; csp: string } {
  const { lang } = view;
  const { labels, mark, t } = wordsFor(lang);
  const parts: string[] = [];

  parts.push(
    `<header><p class="kicker"${mark}>${esc(labels.passport)}</p><h1>${esc(view.name)}</h1>`,
    view.languages.length > 1
      ? `<nav aria-label="${esc(labels.languages)}"${mark}><ul>${view.languages
          .map((l) =>
            l.code === lang
              ? `<li><a href="${esc(l.href)}" lang="${esc(l.code)}" hreflang="${esc(l.code)}" aria-current="page">${esc(autonym(l.code))}</a></li>`
              : `<li><a href="${esc(l.href)}" lang="${esc(l.code)}" hreflang="${esc(l.code)}">${esc(autonym(l.code))}</a></li>`,
          )
          .join('')}</ul></nav>`
      : '',
    '</header><main>',
  );
  if (view.accessInvalid) {
    parts.push(`<p class="notice" role="status"${mark}><strong>${esc(labels.accessInvalid)}</strong></p>`);
  }
  if (view.lifecycle?.ceasedAt) {
    const [before, after] = labels.ceased.split('{date}');
    parts.push(
      `<p class="notice" role="status"${mark}><strong>${esc(before ?? '')}${date(view.lifecycle.ceasedAt, lang)}${esc(after ?? '')}</strong></p>`,
    );
  }
  if (view.description) parts.push(`<p class="lead">${esc(view.description)}</p>`);
  /** The mark of a restricted part: a label in words (not a colour or an icon alone). */
  const tierMark = (tier: GrantableTier | undefined, tag = 'p'): string =>
    tier === undefined
      ? ''
      : `<${tag} class="tier"${mark}>${esc(tier === 'authority' ? labels.restrictedAuthority : labels.restrictedLegitimateInterest)}</${tag}>`;

  const facts: string[] = [];
  if (view.company) {
    facts.push(
      `<dt${mark}>${esc(labels.company)}</dt><dd>${esc(view.company.name)}${
        view.company.country ? `, ${esc(countryName(view.company.country, lang))}` : ''
      }</dd>`,
    );
  }
  if (view.gtin) facts.push(`<dt${mark}>${esc(labels.gtin)}</dt><dd><code>${esc(view.gtin)}</code></dd>`);
  if (view.serial) facts.push(`<dt${mark}>${esc(labels.serial)}</dt><dd><code>${esc(view.serial)}</code></dd>`);
  if (view.registrationId)
    facts.push(`<dt${mark}>${esc(labels.registration)}</dt><dd><code>${esc(view.registrationId)}</code></dd>`);
  if (view.profiled?.category)
    facts.push(`<dt${mark}>${esc(labels.category)}</dt><dd>${esc(view.profiled.category)}</dd>`);
  if (view.profiled) {
    facts.push(
      `<dt${mark}>${esc(labels.completeness)}</dt><dd${mark}>${esc(view.profiled.complete ? labels.complete : labels.incomplete)}</dd>`,
    );
  }
  const link = (key: 'replaces' | 'replacedBy', href: string | undefined) =>
    href
      ? `<dt${mark}>${esc(labels[key])}</dt><dd><a href="${esc(href)}">${esc(href.replace(/^.*\/passport\//, '').replace(/\?.*$/, ''))}</a></dd>`
      : '';
  facts.push(link('replaces', view.lifecycle?.replaces), link('replacedBy', view.lifecycle?.replacedBy));
  if (facts.some((fact) => fact !== ''))
    parts.push(`<h2${mark}>${esc(labels.identifiers)}</h2><dl>${facts.join('')}</dl>`);

  if (view.images.length > 0) {
    parts.push(
      `${t('images', 'h2')}<ul class="gallery">${view.images
        .map(
          (image, i) =>
            `<li><img src="${esc(image.src)}" alt="${esc(`${labels.imageOf} ${view.name}${view.images.length > 1 ? ` (${i + 1})` : ''}`)}" loading="lazy">${tierMark(image.restricted)}</li>`,
        )
        .join('')}</ul>`,
    );
  }

  for (const aspect of view.profiled?.aspects ?? []) {
    parts.push(
      `<section class="aspect" aria-labelledby="s-${esc(aspect.id)}"><h2 id="s-${esc(aspect.id)}">${esc(aspect.label)}</h2><dl>${aspect.attributes
        .map(
          (a) =>
            `<dt id="a-${esc(a.id)}">${esc(a.label)}</dt><dd>${a.html}${a.restricted ? `<br>${tierMark(a.restricted, 'span')}` : ''}</dd>`,
        )
        .join('')}</dl></section>`,
    );
  }

  if (view.cards.length > 0) {
    parts.push(
      `${t('techData', 'h2')}<div class="cards">${view.cards
        .map(
          (card) =>
            `<section class="card"${langAttr(card.lang)}><h3>${esc(card.name)}</h3>${tierMark(card.restricted)}${card.description ? `<p>${esc(card.description)}</p>` : ''}${
              card.characteristics.length > 0
                ? `<ul>${card.characteristics.map((c) => `<li${langAttr(c.lang === card.lang ? undefined : (c.lang ?? view.lang))}>${esc(c.text)}</li>`).join('')}</ul>`
                : ''
            }</section>`,
        )
        .join('')}</div>`,
    );
  }

  if (view.files.length > 0) {
    parts.push(
      `${t('documents', 'h2')}<ul class="plain">${view.files
        .map(
          (file) =>
            `<li${langAttr(file.lang)}><a href="${esc(file.href)}" download>${esc(file.name)}</a> <span class="meta">(${esc(fileKind(file.type, file.size, lang))})</span>${tierMark(file.restricted)}${
              file.description ? `<br>${esc(file.description)}` : ''
            }</li>`,
        )
        .join('')}</ul>`,
    );
  }

  parts.push(t('history', 'h2'));
  if (view.versions.length === 0) parts.push(`<p${mark}>${esc(labels.noVersions)}</p>`);
  else {
    parts.push(
      `<ol class="plain versions">${view.versions
        .map(
          (v, i) =>
            `<li><a href="${esc(v.href)}">${t('version')} ${v.number}</a> · ${date(v.date, lang)}${
              i === 0 ? ` · <strong${stateWords(lang).mark}>${esc(stateWords(lang).words.current)}</strong>` : ''
            }<br>SHA-256 <code>${esc(v.hash)}</code><br>${notarizationLine(v, lang, t)}</li>`,
        )
        .join('')}</ol>`,
    );
    const oldest = defined(view.versions.at(-1), 'the oldest version');
    if (oldest.number > 1) {
      const at = (n: number) => `<a href="${esc(oldest.href.replace(/\/\d+$/, `/${n}`))}">${n}</a>`;
      parts.push(
        `<p class="meta">${t('olderVersions')}: ${at(1)}${oldest.number > 2 ? ` … ${at(oldest.number - 1)}` : ''}</p>`,
      );
    }
    const example = defined(view.versions[0], 'the latest version');
    parts.push(
      `<h3${mark}>${esc(labels.checkTitle)}</h3><p${mark}>${esc(labels.checkText)}</p>`,
      `<pre><code>curl -s ${esc(example.href)} | sha256sum</code></pre>`,
      `<p${mark}>${esc(labels.checkChain)}</p>`,
    );
  }
  parts.push('</main>');
  parts.push(
    `<footer><p><a href="${esc(view.jsonHref)}" type="application/json"${mark}>${esc(labels.json)}</a></p><p${mark}>${esc(labels.privacy)}</p></footer>`,
  );

  // A profiled passport's page has its aspects' style too; every other page is as before profiles.
  const css = view.profiled ? CSS + ASPECT_CSS : CSS;
  const html = page({ lang, title: `${view.name} – ${labels.passport}`, css, body: parts.join('') });
  return { html, csp: contentSecurityPolicy({ css, imageOrigins }) };
}
