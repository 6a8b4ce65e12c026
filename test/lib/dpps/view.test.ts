import { S3Client } from '@aws-sdk/client-s3';
import {
  ServiceUnavailableException,
  TooManyRequestsException,
  TranslateClient,
  TranslateTextCommand,
  type TranslateTextCommandInput,
  UnsupportedLanguagePairException,
} from '@aws-sdk/client-translate';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { keys } from '../../../lib/data/keys';
import { fingerprint } from '../../../lib/dpps/translations';
import { invoke } from '../../support/unit/events';
import { cardItem, dppFileItem, dppItem, IDS } from '../../support/unit/items';

/**
 * GET /dpp/{dppId} with Amazon Translate as the provider. lib/config.ts reads the
 * environment once, at import, so the provider is chosen here before the handler loads;
 * nothing imported above reads a setting.
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

const dpp = dppItem();
const file = dppFileItem();
const card = cardItem();
const units = {
  dpp: { name: dpp.name, description: dpp.description },
  [`file:${file.id}`]: { name: file.name, description: file.description },
  [`card:${card.id}`]: { name: card.name, description: card.description },
};
const sourceTexts = Object.values(units).flatMap((u) => [u.name, u.description]);
const german = (text: string) => `[de] ${text}`;

/** The stored German translation item, every unit up to date unless `stale` names it. */
const storedGerman = (stale: string[] = []) => ({
  ...keys.dppTranslation(IDS.dpp, 'de'),
  type: 'DPP_TRANSLATION',
  language: 'de',
  ...Object.fromEntries(
    Object.entries(units).map(([key, unit]) => [
      key,
      {
        name: `gespeichert ${unit.name}`,
        description: `gespeichert ${unit.description}`,
        source: stale.includes(key) ? fingerprint({ name: 'old name', description: unit.description }) : fingerprint(unit),
      },
    ]),
  ),
});

const view = (language?: string) =>
  invoke('get-dpp', handler, { method: 'GET', url: `/dpp/${IDS.dpp}`, headers: language ? { language } : {} });

const translatedTexts = () => translate.commandCalls(TranslateTextCommand).map((c) => c.args[0].input.Text);

beforeEach(() => {
  db.reset();
  s3.reset();
  translate.reset();
  db.on(QueryCommand).resolves({ Items: [card, dpp, file] });
  db.on(UpdateCommand).resolves({});
  translate.on(TranslateTextCommand).callsFake((input: TranslateTextCommandInput) => ({
    TranslatedText: german(input.Text!),
    SourceLanguageCode: input.SourceLanguageCode,
    TargetLanguageCode: input.TargetLanguageCode,
  }));
});

describe('GET /dpp/{dppId} with a translation provider', () => {
  it('translates the missing texts from the DPP’s language, answers in German and stores them', async () => {
    const response = await view('de');

    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe('de');
    expect(translatedTexts().sort()).toEqual([...sourceTexts].sort());
    for (const call of translate.commandCalls(TranslateTextCommand)) {
      expect(call.args[0].input).toMatchObject({ SourceLanguageCode: 'en', TargetLanguageCode: 'de' });
    }
    expect(response.json.dpp).toMatchObject({
      id: IDS.dpp,
      name: german(dpp.name),
      description: german(dpp.description),
      files: [{ id: file.id, name: german(file.name), description: german(file.description), path: file.path }],
      cards: [{ id: card.id, name: german(card.name), description: german(card.description), characteristics: card.characteristics }],
    });

    const updates = db.commandCalls(UpdateCommand);
    expect(updates).toHaveLength(1);
    const update = updates[0]!.args[0].input;
    expect(update.Key).toEqual(keys.dppTranslation(IDS.dpp, 'de'));
    const stored = Object.fromEntries(
      Object.entries(update.ExpressionAttributeNames ?? {})
        .filter(([placeholder]) => placeholder.startsWith('#u'))
        .map(([placeholder, attribute]) => [attribute, update.ExpressionAttributeValues?.[`:${placeholder.slice(1)}`]]),
    );
    expect(stored).toEqual(
      Object.fromEntries(
        Object.entries(units).map(([key, unit]) => [
          key,
          { name: german(unit.name), description: german(unit.description), source: fingerprint(unit) },
        ]),
      ),
    );
    expect(update.ExpressionAttributeValues).toMatchObject({ ':type': 'DPP_TRANSLATION', ':language': 'de' });
  });

  it('asks the Query for the requested language’s translation item only', async () => {
    await view('de');
    const query = db.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(query.ExpressionAttributeValues).toMatchObject({ ':pk': `DPP#${IDS.dpp}`, ':language': 'de' });
  });

  it('does not send empty texts to the provider', async () => {
    db.on(QueryCommand).resolves({ Items: [dpp, { ...file, description: '' }] });
    const response = await view('de');
    expect(response.status).toBe(200);
    expect(translatedTexts()).not.toContain('');
    expect(response.json.dpp.files[0].description).toBe('');
  });

  it.each([
    ['ServiceUnavailableException', () => new ServiceUnavailableException({ message: 'Translate is down', $metadata: { httpStatusCode: 503 } })],
    ['TooManyRequestsException', () => new TooManyRequestsException({ message: 'slow down', $metadata: { httpStatusCode: 429 } })],
    ['a generic error', () => new Error('getaddrinfo ENOTFOUND translate.eu-central-1.amazonaws.com')],
  ])('answers 503 and stores nothing when TranslateText fails with %s', async (_, fault) => {
    translate.on(TranslateTextCommand).rejects(fault());
    const response = await view('de');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.json).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
    expect(response.text).not.toMatch(/ENOTFOUND|amazonaws|Translate is down/);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers 503 and stores nothing when only one of the texts fails to translate', async () => {
    translate
      .on(TranslateTextCommand, { Text: card.description })
      .rejects(new ServiceUnavailableException({ message: 'down', $metadata: { httpStatusCode: 503 } }));
    const response = await view('de');
    expect(response.status).toBe(503);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers 400 UNSUPPORTED_LANGUAGE when Translate cannot translate into the language', async () => {
    translate
      .on(TranslateTextCommand)
      .rejects(new UnsupportedLanguagePairException({ message: 'Unsupported language pair: en to xx', $metadata: { httpStatusCode: 400 } }));
    const response = await view('xx');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: expect.any(String), code: 'UNSUPPORTED_LANGUAGE' });
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('uses stored up-to-date translations without calling the provider or writing', async () => {
    db.on(QueryCommand).resolves({ Items: [card, dpp, file, storedGerman()] });
    const response = await view('de');
    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe('de');
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(response.json.dpp.name).toBe(`gespeichert ${dpp.name}`);
    expect(response.json.dpp.files[0].name).toBe(`gespeichert ${file.name}`);
    expect(response.json.dpp.cards[0].description).toBe(`gespeichert ${card.description}`);
  });

  it('translates again a stored translation whose source changed (stale fingerprint), and only that one', async () => {
    const fileKey = `file:${file.id}`;
    db.on(QueryCommand).resolves({ Items: [card, dpp, file, storedGerman([fileKey])] });
    const response = await view('de');
    expect(response.status).toBe(200);
    expect(translatedTexts().sort()).toEqual([file.name, file.description].sort());
    expect(response.json.dpp.files[0].name).toBe(german(file.name));
    expect(response.json.dpp.name).toBe(`gespeichert ${dpp.name}`);
    const update = db.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(Object.values(update.ExpressionAttributeNames ?? {})).toContain(fileKey);
    expect(Object.values(update.ExpressionAttributeNames ?? {})).not.toContain('dpp');
  });

  it('answers in the DPP’s own language without calling the provider', async () => {
    const response = await view('en');
    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe('en');
    expect(response.json.dpp.name).toBe(dpp.name);
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('defaults to English when there is no language header', async () => {
    db.on(QueryCommand).resolves({ Items: [dppItem({ language: 'it', name: 'Maglietta' })] });
    const response = await view();
    expect(response.headers['content-language']).toBe('en');
    expect(translate.commandCalls(TranslateTextCommand)[0]!.args[0].input).toMatchObject({
      SourceLanguageCode: 'it',
      TargetLanguageCode: 'en',
    });
  });

  it('answers 404 DPP_NOT_FOUND without calling the provider when the DPP does not exist', async () => {
    db.on(QueryCommand).resolves({ Items: [] });
    const response = await view('de');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: 'DPP not found', code: 'DPP_NOT_FOUND' });
    expect(translate.calls()).toHaveLength(0);
  });
});
