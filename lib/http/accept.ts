import { parseMediaType } from './media-type';

/**
 * The quality (0 to 1) an `Accept` header (RFC 9110 §12.5.1) gives a media type: that of its
 * most specific matching range (`type/subtype`, then `type/*`, then `*\/*`), 1 without a `q`;
 * an absent header accepts anything (1), a header naming no matching range gives 0.
 */
export function acceptQuality(accept: string | undefined, mediaType: string): number {
  if (accept === undefined || accept.trim() === '') return 1;
  const [type] = mediaType.split('/');
  let best: { specificity: number; q: number } | undefined;
  for (const element of accept.split(',')) {
    const media = parseMediaType(element);
    if (!media) continue;
    const specificity = media.type === mediaType ? 3 : media.type === `${type}/*` ? 2 : media.type === '*/*' ? 1 : 0;
    if (specificity === 0 || (best && best.specificity >= specificity)) continue;
    const q = Number(media.parameters.get('q') ?? '1');
    best = { specificity, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 };
  }
  return best?.q ?? 0;
}

/**
 * Whether `Accept` asks for `mediaType` rather than the default `fallback`: it names
 * `mediaType` itself (not only through a wildcard) with a quality above 0, at least that of
 * `fallback`. A client that sends no Accept, or `*\/*`, gets the fallback.
 */
export function prefers(accept: string | undefined, mediaType: string, fallback: string): boolean {
  if (accept === undefined) return false;
  const named = accept.split(',').some((element) => parseMediaType(element)?.type === mediaType);
  if (!named) return false;
  const q = acceptQuality(accept, mediaType);
  return q > 0 && q >= acceptQuality(accept, fallback);
}
