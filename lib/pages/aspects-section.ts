import { placesOf, type TierFilter, valueAt, visible } from '../profiles/filter';
import type { Profile, ValueType } from '../profiles/format';
import { esc } from './html';
import type { Labels } from './labels';

/** One aspect of a profiled passport as the page shows it: its label and its attributes' values, as HTML. */
export interface AspectGroup {
  id: string;
  label: string;
  /** `restricted`: the tier of an attribute above `public` (a grant's page marks it). */
  attributes: ReadonlyArray<{
    id: string;
    label: string;
    html: string;
    restricted?: 'legitimate_interest' | 'authority';
  }>;
}

/** A label in `lang`, else English, else the first there is. */
export const labelIn = (label: Readonly<Record<string, string>> | undefined, lang: string): string =>
  label?.[lang] ?? label?.en ?? Object.values(label ?? {})[0] ?? '';

/** `ratedPower` → `rated power`: a field's name as words, where the profile gives it no label. */
const words = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A value as HTML, by its type in the profile: a number in the reader's notation with its unit; a
 * URI a link (http and https only); an object a list of its fields (those that are attributes of
 * their own left to them: `skip`); a text per language the reader's; a list its items.
 */
function render(
  value: unknown,
  type: ValueType | undefined,
  lang: string,
  labels: Labels,
  skip: (key: string) => boolean = () => false,
): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => render(item, type?.type === 'list' ? type.items : undefined, lang, labels));
    return items.length === 1 ? (items[0] ?? '') : `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
  }
  if (isObject(value)) {
    if (type?.entries) {
      const text = value[lang] ?? value.en ?? Object.values(value)[0];
      return render(text, type.entries, lang, labels);
    }
    const fields = type?.fields ?? {};
    const keys = [
      ...Object.keys(fields).filter((key) => key in value),
      ...Object.keys(value).filter((key) => !(key in fields)),
    ].filter((key) => !skip(key));
    if (keys.length === 0) return '';
    return `<dl>${keys
      .map(
        (key) =>
          `<dt>${esc(labelIn(fields[key]?.label, lang) || words(key))}</dt><dd>${render(value[key], fields[key], lang, labels)}</dd>`,
      )
      .join('')}</dl>`;
  }
  if (typeof value === 'number') {
    let shown = String(value);
    try {
      shown = new Intl.NumberFormat(lang, { maximumFractionDigits: 6 }).format(value);
    } catch {}
    return type?.unit ? `${esc(shown)}&nbsp;${esc(type.unit)}` : esc(shown);
  }
  if (typeof value === 'boolean') return esc(value ? labels.yes : labels.no);
  if (typeof value === 'string') {
    return type?.type === 'uri' && /^https?:\/\//i.test(value)
      ? `<a href="${esc(value)}">${esc(value)}</a>`
      : esc(value);
  }
  return '';
}

/**
 * The aspects of a profiled passport as the page shows them, in the profile's order: each
 * attribute `filter` shows that `aspects` (already filtered by it) holds a value of, with its label in
 * `lang`. An attribute made of others shows through them; in an object, a field that is an
 * attribute of its own shows under its own label, not twice.
 */
export function aspectGroups(
  profile: Profile,
  aspects: Readonly<Record<string, Record<string, unknown>>>,
  lang: string,
  labels: Labels,
  filter: TierFilter,
): AspectGroup[] {
  return profile.aspects.flatMap((aspect) => {
    const document = aspects[aspect.id];
    if (!document) return [];
    const own = new Set(aspect.attributes.flatMap((a) => (a.pointer !== undefined && !a.item ? [a.pointer] : [])));
    const attributes = aspect.attributes.flatMap((attribute) => {
      // Only the reader's attributes: a public value inside a restricted one does not show the restricted one.
      if (attribute.pointer === undefined || !visible(filter, attribute)) return [];
      // Without selectors: the places of the attribute's values alone.
      const places = placesOf(attribute, document);
      if (places.length === 0) return [];
      const html = places
        .map((place) => {
          const at = `/${place.join('/')}`;
          return render(valueAt(document, place), attribute.type, lang, labels, (key) => own.has(`${at}/${key}`));
        })
        .filter((part) => part !== '');
      if (html.length === 0) return [];
      return [
        {
          id: attribute.id,
          label: labelIn(attribute.label, lang),
          html: html.length === 1 ? (html[0] ?? '') : `<ul>${html.map((h) => `<li>${h}</li>`).join('')}</ul>`,
          ...(attribute.tier !== 'public' && { restricted: attribute.tier }),
        },
      ];
    });
    return attributes.length > 0 ? [{ id: aspect.id, label: labelIn(aspect.label, lang), attributes }] : [];
  });
}
