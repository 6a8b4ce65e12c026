import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { db, tableName } from '../aws/dynamodb';
import { dppCollection, ItemType } from '../data/keys';
import { signedGetUrl } from '../files/storage';
import { NotFoundError } from '../http/errors';
import { id } from '../http/schemas';
import type { DppItem } from './repository';
import { translator } from './translation-provider';
import { storeTranslations } from './translation-store';
import { fingerprint, type SourceUnit, type TranslatedUnit, unitsOf } from './translations';

export const viewDppInput = z.object({
  params: z.object({ dppId: id }),
  headers: z.object({
    language: z
      .string()
      .regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code: two lowercase letters, such as en or fr')
      .default('en'),
  }),
});

interface ImageItem {
  type: typeof ItemType.DppImage;
  id: string;
  path: string;
  mime_type: string;
}
interface FileItemView {
  type: typeof ItemType.DppFile;
  id: string;
  name: string;
  description: string;
  path: string;
}
interface CardItem {
  type: typeof ItemType.DppCard;
  id: string;
  name: string;
  description: string;
  characteristics?: Array<{ id: string; characteristic: string }>;
}

/**
 * Reads the DPP with images, files, cards and the asked language's stored translation
 * in ONE Query of its item collection (other languages are filtered out server-side).
 */
async function readCollection(dppId: string, language: string) {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        // Key attributes cannot be filtered on; every translation item carries its language.
        FilterExpression: '#type <> :translation OR #language = :language',
        ExpressionAttributeNames: { '#type': 'type', '#language': 'language' },
        ExpressionAttributeValues: {
          ':pk': dppCollection(dppId),
          ':translation': ItemType.DppTranslation,
          ':language': language,
        },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  const ofType = <T>(type: string) => items.filter((i) => i.type === type) as T[];
  return {
    dpp: ofType<DppItem>(ItemType.Dpp)[0],
    images: ofType<ImageItem>(ItemType.DppImage),
    files: ofType<FileItemView>(ItemType.DppFile),
    cards: ofType<CardItem>(ItemType.DppCard),
    stored: unitsOf(ofType<Record<string, unknown>>(ItemType.DppTranslation)[0]),
  };
}

/**
 * Name and description of the DPP, its files and cards in `language`: stored
 * translations first; missing or stale ones from the translation provider (then stored
 * for next time); with no provider, a unit without a translation keeps its original.
 * Returns the languages actually used, the asked one first (for Content-Language).
 */
async function translate(
  dppId: string,
  units: SourceUnit[],
  stored: Map<string, TranslatedUnit>,
  from: string,
  to: string,
): Promise<{ texts: Map<string, Pick<SourceUnit, 'name' | 'description'>>; languages: string[] }> {
  if (from === to) return { texts: new Map(units.map((u) => [u.key, u])), languages: [from] };

  // A stored translation counts only if it was made from the current wording.
  const missing = units
    .map((u) => ({ unit: u, source: fingerprint(u) }))
    .filter(({ unit, source }) => stored.get(unit.key)?.source !== source);
  const stale = new Set(missing.map(({ unit }) => unit.key));
  const texts = new Map<string, Pick<SourceUnit, 'name' | 'description'>>(
    units.map((u) => [u.key, stale.has(u.key) ? u : stored.get(u.key)!]),
  );
  if (missing.length > 0 && translator) {
    const out = await translator.translate(missing.flatMap(({ unit }) => [unit.name, unit.description]), from, to);
    const fresh: Record<string, TranslatedUnit> = {};
    missing.forEach(({ unit: u, source }, i) => {
      fresh[u.key] = { name: out[2 * i]!, description: out[2 * i + 1]!, source };
      texts.set(u.key, fresh[u.key]!);
    });
    await storeTranslations(dppId, to, fresh);
    return { texts, languages: [to] };
  }
  if (missing.length === 0) return { texts, languages: [to] };
  return { texts, languages: missing.length === units.length ? [from] : [to, from] };
}

export async function viewDpp(input: z.infer<typeof viewDppInput>) {
  const { dppId } = input.params;
  const { language } = input.headers;
  const { dpp, images, files, cards, stored } = await readCollection(dppId, language);
  if (!dpp) throw new NotFoundError('DPP not found', 404, 'DPP_NOT_FOUND');

  const units: SourceUnit[] = [
    { key: 'dpp', name: dpp.name, description: dpp.description },
    ...files.map((f) => ({ key: `file:${f.id}`, name: f.name, description: f.description })),
    ...cards.map((c) => ({ key: `card:${c.id}`, name: c.name, description: c.description })),
  ];
  const { texts, languages } = await translate(dppId, units, stored, dpp.language ?? 'en', language);
  const text = (key: string) => texts.get(key)!;

  return {
    /** The Content-Language value: `it`, or `it, en` when some texts had no translation. */
    language: languages.join(', '),
    dpp: {
      id: dpp.id,
      ...pick(text('dpp')),
      created_at: dpp.created_at,
      updated_at: dpp.updated_at,
      type: dpp.dpp_type,
      company_id: dpp.company_id,
      model_id: dpp.model_id,
      images: await Promise.all(
        images.map(async (img) => ({ image: await signedGetUrl(img.path), type: img.mime_type, uuid: img.id })),
      ),
      files: files.map((f) => ({ id: f.id, ...pick(text(`file:${f.id}`)), path: f.path })),
      cards: cards.map((c) => ({
        id: c.id,
        ...pick(text(`card:${c.id}`)),
        characteristics: (c.characteristics ?? []).map(({ id: charId, characteristic }) => ({ id: charId, characteristic })),
      })),
    },
  };
}

const pick = (t: Pick<SourceUnit, 'name' | 'description'>) => ({ name: t.name, description: t.description });
