import { S3Client } from '@aws-sdk/client-s3';
import { ServiceUnavailableException, TranslateClient, TranslateTextCommand } from '@aws-sdk/client-translate';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { characteristicKey, fingerprint } from '../../../lib/dpps/translations';
import { invoke } from '../../support/unit/events';
import { cardItem, dppItem, IDS } from '../../support/unit/items';

/**
 * GET /dpp/{dppId} through its handler, with Amazon Translate configured as the provider
 * (settings are read on first use, so it is chosen before the first request), to show the route
 * never calls it. The translation rules are lib/dpps/view-dpp's tests; here: the header, and the
 * statuses of this route.
 */
const previousProvider = process.env.TRANSLATE_PROVIDER;
process.env.TRANSLATE_PROVIDER = 'aws';
const { handler } = await import('../../../functions/get-dpp');
afterAll(() => {
  if (previousProvider === undefined) delete process.env.TRANSLATE_PROVIDER;
  else process.env.TRANSLATE_PROVIDER = previousProvider;
});

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const translate = mockClient(TranslateClient);

const dpp = dppItem({ language: 'it', name: 'Maglietta', description: 'Cotone biologico' });
const card = cardItem();
const storedGerman = {
  ...keys.dppTranslation(IDS.dpp, 'de'),
  type: 'DPP_TRANSLATION',
  language: 'de',
  dpp: { name: 'T-Shirt', description: 'Bio-Baumwolle', source: fingerprint(dpp) },
  [`card:${card.id}`]: { name: 'Materialien', description: 'Woraus es ist', source: fingerprint(card) },
  ...Object.fromEntries(
    (card.characteristics ?? []).map((c) => [
      characteristicKey(card.id, c.id),
      {
        name: `[de] ${c.characteristic}`,
        description: '',
        source: fingerprint({ name: c.characteristic, description: '' }),
      },
    ]),
  ),
};

const view = (language: string) =>
  invoke('get-dpp', handler, { method: 'GET', url: `/dpp/${IDS.dpp}`, headers: { language } });

beforeEach(() => {
  db.reset();
  s3.reset();
  translate.reset();
  db.on(UpdateCommand).resolves({});
});

describe('GET /dpp/{dppId}', () => {
  it('answers 200 with the DPP and content-language naming the language of its texts', async () => {
    db.on(QueryCommand).resolves({ Items: [card, dpp, storedGerman] });
    const response = await view('de');
    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe('de');
    expect(response.json.dpp).toMatchObject({ id: IDS.dpp, name: 'T-Shirt', cards: [{ name: 'Materialien' }] });
  });

  it('answers 200 with the originals, without calling Translate or storing anything, when no translation is stored', async () => {
    db.on(QueryCommand).resolves({ Items: [card, dpp] });
    translate
      .on(TranslateTextCommand)
      .rejects(new ServiceUnavailableException({ message: 'Translate is down', $metadata: { httpStatusCode: 503 } }));
    const response = await view('de');
    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe('it');
    expect(response.json.dpp).toMatchObject({ name: 'Maglietta', description: 'Cotone biologico' });
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers 404 DPP_NOT_FOUND (not the 406 of the file routes) when the DPP does not exist', async () => {
    db.on(QueryCommand).resolves({ Items: [] });
    const response = await view('de');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: 'DPP not found', code: 'DPP_NOT_FOUND' });
  });
});
