import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../aws/dynamodb';
import { ItemType, keys } from '../data/keys';
import type { TranslatedUnit } from './translations';

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
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.dppTranslation(dppId, language),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}
