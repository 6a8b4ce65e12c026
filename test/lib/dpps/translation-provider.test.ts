import { S3Client } from '@aws-sdk/client-s3';
import { TranslateClient } from '@aws-sdk/client-translate';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { keys } from '../../../lib/data/keys';
import { fingerprint } from '../../../lib/dpps/translations';
import { invoke } from '../../support/unit/events';
import { cardItem, dppItem, IDS } from '../../support/unit/items';

/** No provider configured (the local default): settings are read at import, so unset it first. */
delete process.env.TRANSLATE_PROVIDER;
const { handler } = await import('../../../functions/get-dpp');
const { translator } = await import('../../../lib/dpps/translation-provider');

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const translate = mockClient(TranslateClient);

const dpp = dppItem({ language: 'it', name: 'Maglietta', description: 'Cotone biologico' });
const card = cardItem();

/** A stored German translation of the DPP's own texts, made from the source with fingerprint `source`. */
const storedDpp = (source: string) => ({
  ...keys.dppTranslation(IDS.dpp, 'de'),
  type: 'DPP_TRANSLATION',
  language: 'de',
  dpp: { name: 'T-Shirt', description: 'Bio-Baumwolle', source },
});

const view = (language: string) => invoke('get-dpp', handler, { method: 'GET', url: `/dpp/${IDS.dpp}`, headers: { language } });

beforeEach(() => {
  db.reset();
  s3.reset();
  translate.reset();
});

describe('without a translation provider', () => {
  it('has no translator', () => {
    expect(translator).toBeUndefined();
  });

  it('returns the original texts, with content-language naming their language', async () => {
    db.on(QueryCommand).resolves({ Items: [card, dpp] });
    const response = await view('de');
    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe('it');
    expect(response.json.dpp).toMatchObject({ name: 'Maglietta', description: 'Cotone biologico', cards: [{ name: card.name }] });
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('still serves complete stored translations', async () => {
    db.on(QueryCommand).resolves({ Items: [dpp, storedDpp(fingerprint(dpp))] });
    const response = await view('de');
    expect(response.headers['content-language']).toBe('de');
    expect(response.json.dpp).toMatchObject({ name: 'T-Shirt', description: 'Bio-Baumwolle' });
  });

  it('serves the stored translations it has and the originals for the rest, naming both languages, asked one first', async () => {
    db.on(QueryCommand).resolves({ Items: [card, dpp, storedDpp(fingerprint(dpp))] });
    const response = await view('de');
    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe('de, it');
    expect(response.json.dpp).toMatchObject({ name: 'T-Shirt', cards: [{ name: card.name, description: card.description }] });
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('does not serve a stored translation whose source changed since', async () => {
    db.on(QueryCommand).resolves({ Items: [dpp, storedDpp(fingerprint({ name: 'Maglia', description: dpp.description }))] });
    const response = await view('de');
    expect(response.headers['content-language']).toBe('it');
    expect(response.json.dpp.name).toBe('Maglietta');
  });
});
