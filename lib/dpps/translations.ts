import { createHash } from 'node:crypto';

/**
 * Stored translations of a DPP: one item per language (`TRANSLATION#<lang>`) whose
 * attributes are translated units — `dpp`, `file:<id>`, `card:<id>` — each with the
 * fingerprint of the source text it was made from, so an edited original is translated
 * again instead of showing a stale translation.
 */
export interface TranslatedUnit {
  name: string;
  description: string;
  source: string;
}

export interface SourceUnit {
  key: string;
  name: string;
  description: string;
}

const RESERVED = new Set(['pk', 'sk', 'type', 'language']);

export const fingerprint = (unit: Pick<SourceUnit, 'name' | 'description'>): string =>
  createHash('sha256').update(`${unit.name}\u0000${unit.description}`).digest('hex').slice(0, 16);

export function unitsOf(item: Record<string, unknown> | undefined): Map<string, TranslatedUnit> {
  const units = new Map<string, TranslatedUnit>();
  for (const [attr, value] of Object.entries(item ?? {})) {
    if (!RESERVED.has(attr)) units.set(attr, value as TranslatedUnit);
  }
  return units;
}

/** The translation item to write for `units` (used by the seed as well). */
export function translationAttributes(
  units: ReadonlyArray<SourceUnit & { translated: { name: string; description: string } }>,
) {
  return Object.fromEntries(
    units.map((u) => [u.key, { ...u.translated, source: fingerprint(u) } satisfies TranslatedUnit]),
  );
}
