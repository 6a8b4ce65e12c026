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

/** The unit of one characteristic of a card: its text is the unit's `name`, its `description` is empty. */
export const characteristicKey = (cardId: string, characteristicId: string): string =>
  `characteristic:${cardId}:${characteristicId}`;

type Named = { id: string; name: string; description: string };
type Carded = Named & { characteristics?: ReadonlyArray<{ id: string; characteristic: string }> };

/**
 * Every text of a DPP a translation holds, as units: the DPP's own name and description, each
 * file's and each card's, and each card characteristic's (a passport page in a language shows
 * them all in it: docs/behaviour.md, Translations).
 */
export function sourceUnitsOf(
  dpp: { name: string; description: string },
  files: ReadonlyArray<Named>,
  cards: ReadonlyArray<Carded>,
): SourceUnit[] {
  return [
    { key: 'dpp', name: dpp.name, description: dpp.description },
    ...files.map((f) => ({ key: `file:${f.id}`, name: f.name, description: f.description })),
    ...cards.flatMap((c) => [
      { key: `card:${c.id}`, name: c.name, description: c.description },
      ...(c.characteristics ?? []).map((ch) => ({
        key: characteristicKey(c.id, ch.id),
        name: ch.characteristic,
        description: '',
      })),
    ]),
  ];
}

/** The stored translation of `unit` when it was made from the unit's current wording; else undefined (stale or none). */
export function currentTranslation(
  stored: ReadonlyMap<string, TranslatedUnit> | undefined,
  unit: SourceUnit,
): { name: string; description: string } | undefined {
  const translated = stored?.get(unit.key);
  return translated && translated.source === fingerprint(unit)
    ? { name: translated.name, description: translated.description }
    : undefined;
}

type Text = { name: string; description: string };

/**
 * What is stored for a language, for the DPP and its current files, cards and characteristics
 * (units of deleted ones are left out): each unit's text, and `stale` naming the units made for
 * an older wording of their source text (`dpp`, `files.<id>`, `cards.<id>`,
 * `cards.<id>.characteristics.<id>`), which the passport does not show.
 */
export function storedTranslationView(
  language: string,
  stored: ReadonlyMap<string, TranslatedUnit>,
  dpp: Text,
  files: ReadonlyArray<Named>,
  cards: ReadonlyArray<Carded>,
) {
  const stale: string[] = [];
  /** The stored text of `unit` (`path` in `stale` when it is not current), or none. */
  const shown = (unit: SourceUnit, path: string): Text | undefined => {
    const translated = stored.get(unit.key);
    if (!translated) return undefined;
    if (translated.source !== fingerprint(unit)) stale.push(path);
    return { name: translated.name, description: translated.description };
  };
  const own = shown({ key: 'dpp', ...dpp }, 'dpp');
  const fileTexts = Object.fromEntries(
    files.flatMap((f) => {
      const text = shown({ key: `file:${f.id}`, name: f.name, description: f.description }, `files.${f.id}`);
      return text ? [[f.id, text]] : [];
    }),
  );
  const cardTexts = Object.fromEntries(
    cards.flatMap((c) => {
      const text = shown({ key: `card:${c.id}`, name: c.name, description: c.description }, `cards.${c.id}`);
      const characteristics = Object.fromEntries(
        (c.characteristics ?? []).flatMap((ch) => {
          const unit = { key: characteristicKey(c.id, ch.id), name: ch.characteristic, description: '' };
          const translated = shown(unit, `cards.${c.id}.characteristics.${ch.id}`);
          return translated ? [[ch.id, translated.name]] : [];
        }),
      );
      const hasCharacteristics = Object.keys(characteristics).length > 0;
      if (!text && !hasCharacteristics) return [];
      return [[c.id, { ...text, ...(hasCharacteristics && { characteristics }) }]];
    }),
  );
  return { language, ...own, files: fileTexts, cards: cardTexts, stale };
}
