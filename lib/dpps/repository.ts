import { table } from '../aws/dynamodb';
import { dppCollection, ItemType, keys } from '../data/keys';
import type { DppFileItem } from '../dpp-files/model';
import type { DppCardItem, DppImageItem, DppItem } from './model';
import { type TranslatedUnit, unitsOf } from './translations';

/** A DPP with everything the passport shows, and the asked language's stored translation. */
export interface DppCollection {
  dpp?: DppItem;
  images: DppImageItem[];
  files: DppFileItem[];
  cards: DppCardItem[];
  stored: Map<string, TranslatedUnit>;
}

/**
 * Reads the DPP with images, files, cards and the asked language's stored translation
 * in ONE Query of its item collection (other languages are filtered out server-side).
 */
export async function readDppCollection(dppId: string, language: string): Promise<DppCollection> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.query({
      keyCondition: { expression: 'pk = :pk', values: { ':pk': dppCollection(dppId) } },
      // Key attributes cannot be filtered on; every translation item carries its language.
      filter: {
        expression: '#type <> :translation OR #language = :language',
        names: { '#type': 'type', '#language': 'language' },
        values: { ':translation': ItemType.DppTranslation, ':language': language },
      },
      startKey,
    });
    items.push(...page.items);
    startKey = page.lastKey;
  } while (startKey);

  const ofType = <T>(type: string) => items.filter((i) => i.type === type) as T[];
  return {
    dpp: ofType<DppItem>(ItemType.Dpp)[0],
    images: ofType<DppImageItem>(ItemType.DppImage),
    files: ofType<DppFileItem>(ItemType.DppFile),
    cards: ofType<DppCardItem>(ItemType.DppCard),
    stored: unitsOf(ofType<Record<string, unknown>>(ItemType.DppTranslation)[0]),
  };
}

/** Merges new units into the language's item (creating it), leaving other units as they are. */
export async function storeTranslations(dppId: string, language: string, units: Record<string, TranslatedUnit>) {
  const names: Record<string, string> = { '#type': 'type', '#language': 'language' };
  const values: Record<string, unknown> = { ':type': ItemType.DppTranslation, ':language': language };
  const sets = ['#type = :type', '#language = :language'];
  Object.entries(units).forEach(([attr, unit], i) => {
    names[`#u${i}`] = attr;
    values[`:u${i}`] = unit;
    sets.push(`#u${i} = :u${i}`);
  });
  await table.update(keys.dppTranslation(dppId, language), { expression: `SET ${sets.join(', ')}`, names, values });
}
