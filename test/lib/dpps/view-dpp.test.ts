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
import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { amazonTranslate } from '../../../lib/aws/translate';
import * as keys from '../../../lib/data/keys';
import { fingerprint } from '../../../lib/dpps/translations';
import { viewDpp, viewDppInput } from '../../../lib/dpps/view-dpp';
import { InvalidInputError, NotFoundError, UnavailableError } from '../../../lib/errors';
import type { Translator } from '../../../lib/translator';
import { applySet } from '../../support/unit/expressions';
import { cardItem, dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';

/**
 * The passport view (lib/dpps/view-dpp.ts) with Amazon Translate as the provider (its
 * client mocked) and with none. Which provider the environment selects is
 * translation-provider.test.ts's concern; here each describe chooses one.
 */
const selected = vi.hoisted(() => ({ provider: undefined as Translator | undefined }));
vi.mock('../../../lib/dpps/translation-provider', () => ({ translator: () => selected.provider }));

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
        source: stale.includes(key)
          ? fingerprint({ name: 'old name', description: unit.description })
          : fingerprint(unit),
      },
    ]),
  ),
});

/** The view of the DPP, with the request's headers parsed by the route's input schema (the `language` default included). */
const view = (language?: string) =>
  viewDpp(v.parse(viewDppInput, { params: { dppId: IDS.dpp }, headers: language ? { language } : {}, query: {} }), {
    method: 'GET',
    sourceIp: '192.0.2.1',
    userAgent: 'test',
  });

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

describe('viewDpp with Amazon Translate', () => {
  beforeEach(() => {
    selected.provider = amazonTranslate;
  });

  it('translates the missing texts from the DPP’s language, answers in German and stores them', async () => {
    const result = await view('de');

    expect(result.language).toBe('de');
    expect(translatedTexts().sort()).toEqual([...sourceTexts].sort());
    for (const call of translate.commandCalls(TranslateTextCommand)) {
      expect(call.args[0].input).toMatchObject({ SourceLanguageCode: 'en', TargetLanguageCode: 'de' });
    }
    expect(result.dpp).toMatchObject({
      id: IDS.dpp,
      name: german(dpp.name),
      description: german(dpp.description),
      files: [{ id: file.id, name: german(file.name), description: german(file.description), path: file.path }],
      cards: [
        {
          id: card.id,
          name: german(card.name),
          description: german(card.description),
          characteristics: card.characteristics,
        },
      ],
    });

    const updates = db.commandCalls(UpdateCommand);
    expect(updates).toHaveLength(1);
    const update = updates[0]!.args[0].input;
    expect(update.Key).toEqual(keys.dppTranslation(IDS.dpp, 'de'));
    const { type, language, ...stored } = applySet({}, update);
    expect(stored).toEqual(
      Object.fromEntries(
        Object.entries(units).map(([key, unit]) => [
          key,
          { name: german(unit.name), description: german(unit.description), source: fingerprint(unit) },
        ]),
      ),
    );
    expect({ type, language }).toEqual({ type: 'DPP_TRANSLATION', language: 'de' });
  });

  it('asks the Query for the requested language’s translation item only', async () => {
    await view('de');
    const query = db.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(query).toMatchObject({
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: '#type <> :c0 OR #language = :c1',
      ExpressionAttributeNames: { '#type': 'type', '#language': 'language' },
      ExpressionAttributeValues: { ':pk': `DPP#${IDS.dpp}`, ':c0': 'DPP_TRANSLATION', ':c1': 'de' },
    });
  });

  it('does not send empty texts to the provider', async () => {
    db.on(QueryCommand).resolves({ Items: [dpp, { ...file, description: '' }] });
    const result = await view('de');
    expect(translatedTexts()).not.toContain('');
    expect(result.dpp.files[0]!.description).toBe('');
  });

  it.each([
    [
      'ServiceUnavailableException',
      () => new ServiceUnavailableException({ message: 'Translate is down', $metadata: { httpStatusCode: 503 } }),
    ],
    [
      'TooManyRequestsException',
      () => new TooManyRequestsException({ message: 'slow down', $metadata: { httpStatusCode: 429 } }),
    ],
    ['a generic error', () => new Error('getaddrinfo ENOTFOUND translate.eu-central-1.amazonaws.com')],
  ])(
    'fails as unavailable, without Translate’s message, and stores nothing when TranslateText fails with %s',
    async (_, fault) => {
      translate.on(TranslateTextCommand).rejects(fault());
      const error = await domainFailure(view('de'));
      expect(error).toBeInstanceOf(UnavailableError);
      expect([error.kind, error.code]).toEqual(['unavailable', 'SERVICE_UNAVAILABLE']);
      expect(error.message).not.toMatch(/ENOTFOUND|amazonaws|Translate is down|slow down/);
      expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
    },
  );

  it('fails as unavailable and stores nothing when only one of the texts fails to translate', async () => {
    translate
      .on(TranslateTextCommand, { Text: card.description })
      .rejects(new ServiceUnavailableException({ message: 'down', $metadata: { httpStatusCode: 503 } }));
    expect((await domainFailure(view('de'))).kind).toBe('unavailable');
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses a language Translate cannot translate into as invalid input UNSUPPORTED_LANGUAGE, storing nothing', async () => {
    translate.on(TranslateTextCommand).rejects(
      new UnsupportedLanguagePairException({
        message: 'Unsupported language pair: en to cu',
        $metadata: { httpStatusCode: 400 },
      }),
    );
    const error = await domainFailure(view('cu'));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.code).toBe('UNSUPPORTED_LANGUAGE');
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('uses stored up-to-date translations without calling the provider or writing', async () => {
    db.on(QueryCommand).resolves({ Items: [card, dpp, file, storedGerman()] });
    const result = await view('de');
    expect(result.language).toBe('de');
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(result.dpp.name).toBe(`gespeichert ${dpp.name}`);
    expect(result.dpp.files[0]!.name).toBe(`gespeichert ${file.name}`);
    expect(result.dpp.cards[0]!.description).toBe(`gespeichert ${card.description}`);
  });

  it('translates again a stored translation whose source changed (stale fingerprint), and only that one', async () => {
    const fileKey = `file:${file.id}`;
    db.on(QueryCommand).resolves({ Items: [card, dpp, file, storedGerman([fileKey])] });
    const result = await view('de');
    expect(translatedTexts().sort()).toEqual([file.name, file.description].sort());
    expect(result.dpp.files[0]!.name).toBe(german(file.name));
    expect(result.dpp.name).toBe(`gespeichert ${dpp.name}`);
    const update = db.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(Object.values(update.ExpressionAttributeNames ?? {})).toContain(fileKey);
    expect(Object.values(update.ExpressionAttributeNames ?? {})).not.toContain('dpp');
  });

  it('answers in the DPP’s own language without calling the provider', async () => {
    const result = await view('en');
    expect(result.language).toBe('en');
    expect(result.dpp.name).toBe(dpp.name);
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('gives each file and image its public address on the public base URL, beside the interface’s fields', async () => {
    const image = {
      ...keys.dppImage(IDS.dpp, IDS.image),
      type: 'DPP_IMAGE',
      id: IDS.image,
      path: 'img/key',
      mime_type: 'image/png',
    };
    db.on(QueryCommand).resolves({ Items: [dpp, file, image] });
    const result = await view('en');
    expect(result.dpp.files[0]).toEqual({
      id: file.id,
      name: file.name,
      description: file.description,
      path: file.path,
      url: `https://dpp.unit/dpp/${IDS.dpp}/files/${file.id}`,
      access_tier: 'public',
    });
    expect(result.dpp.images[0]).toEqual({
      image: expect.stringContaining('X-Amz-Signature='),
      type: 'image/png',
      uuid: IDS.image,
      url: `https://dpp.unit/dpp/${IDS.dpp}/images/${IDS.image}`,
      access_tier: 'public',
    });
  });

  it('defaults to English when there is no language header', async () => {
    db.on(QueryCommand).resolves({ Items: [dppItem({ language: 'it', name: 'Maglietta' })] });
    const result = await view();
    expect(result.language).toBe('en');
    expect(translate.commandCalls(TranslateTextCommand)[0]!.args[0].input).toMatchObject({
      SourceLanguageCode: 'it',
      TargetLanguageCode: 'en',
    });
  });

  it('fails as DPP_NOT_FOUND without calling the provider when the DPP does not exist', async () => {
    db.on(QueryCommand).resolves({ Items: [] });
    const error = await domainFailure(view('de'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ kind: 'not_found', code: 'DPP_NOT_FOUND', message: 'DPP not found' });
    expect(translate.calls()).toHaveLength(0);
  });
});

describe('viewDpp without a translation provider', () => {
  const italian = dppItem({ language: 'it', name: 'Maglietta', description: 'Cotone biologico' });

  /** A stored German translation of the DPP's own texts, made from the source with fingerprint `source`. */
  const storedDpp = (source: string) => ({
    ...keys.dppTranslation(IDS.dpp, 'de'),
    type: 'DPP_TRANSLATION',
    language: 'de',
    dpp: { name: 'T-Shirt', description: 'Bio-Baumwolle', source },
  });

  beforeEach(() => {
    selected.provider = undefined;
  });

  it('returns the original texts, naming their language', async () => {
    db.on(QueryCommand).resolves({ Items: [card, italian] });
    const result = await view('de');
    expect(result.language).toBe('it');
    expect(result.dpp).toMatchObject({
      name: 'Maglietta',
      description: 'Cotone biologico',
      cards: [{ name: card.name }],
    });
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('still serves complete stored translations', async () => {
    db.on(QueryCommand).resolves({ Items: [italian, storedDpp(fingerprint(italian))] });
    const result = await view('de');
    expect(result.language).toBe('de');
    expect(result.dpp).toMatchObject({ name: 'T-Shirt', description: 'Bio-Baumwolle' });
  });

  it('serves the stored translations it has and the originals for the rest, naming both languages, asked one first', async () => {
    db.on(QueryCommand).resolves({ Items: [card, italian, storedDpp(fingerprint(italian))] });
    const result = await view('de');
    expect(result.language).toBe('de, it');
    expect(result.dpp).toMatchObject({ name: 'T-Shirt', cards: [{ name: card.name, description: card.description }] });
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('does not serve a stored translation whose source changed since', async () => {
    db.on(QueryCommand).resolves({
      Items: [italian, storedDpp(fingerprint({ name: 'Maglia', description: italian.description }))],
    });
    const result = await view('de');
    expect(result.language).toBe('it');
    expect(result.dpp.name).toBe('Maglietta');
  });
});
