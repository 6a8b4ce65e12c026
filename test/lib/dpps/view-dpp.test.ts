import { S3Client } from '@aws-sdk/client-s3';
import { TranslateClient, TranslateTextCommand, type TranslateTextCommandInput } from '@aws-sdk/client-translate';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { amazonTranslate } from '../../../lib/aws/translate';
import * as keys from '../../../lib/data/keys';
import { characteristicKey, fingerprint } from '../../../lib/dpps/translations';
import { viewDpp, viewDppInput } from '../../../lib/dpps/view-dpp';
import { NotFoundError } from '../../../lib/errors';
import type { Translator } from '../../../lib/translator';
import { cardItem, dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';

/**
 * The passport view (lib/dpps/view-dpp.ts): stored translations or the original, never the
 * provider, with Amazon Translate configured (its client mocked, to see it is never called) and
 * with none. The machine translation a company asks for is machine-translate-dpp.test.ts's.
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

describe('viewDpp never asks the translation provider, even when one is configured', () => {
  beforeEach(() => {
    selected.provider = amazonTranslate;
  });

  it('answers the originals of texts with no stored translation, naming their language, and writes nothing', async () => {
    const result = await view('de');
    expect(result.language).toBe('en');
    expect(result.dpp).toMatchObject({
      name: dpp.name,
      files: [{ name: file.name, description: file.description }],
      cards: [{ name: card.name, characteristics: card.characteristics }],
    });
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
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

  it('uses stored up-to-date translations without calling the provider or writing', async () => {
    db.on(QueryCommand).resolves({ Items: [card, dpp, file, storedGerman()] });
    const result = await view('de');
    expect(result.language).toBe('de, en');
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(result.dpp.name).toBe(`gespeichert ${dpp.name}`);
    expect(result.dpp.files[0]!.name).toBe(`gespeichert ${file.name}`);
    expect(result.dpp.cards[0]!.description).toBe(`gespeichert ${card.description}`);
  });

  it('serves each characteristic’s stored translation, and answers in the language alone once every text has one', async () => {
    const characteristics = Object.fromEntries(
      (card.characteristics ?? []).map((c) => [
        characteristicKey(card.id, c.id),
        {
          name: `gespeichert ${c.characteristic}`,
          description: '',
          source: fingerprint({ name: c.characteristic, description: '' }),
        },
      ]),
    );
    db.on(QueryCommand).resolves({ Items: [card, dpp, file, { ...storedGerman(), ...characteristics }] });
    const result = await view('de');
    expect(result.language).toBe('de');
    expect(result.dpp.cards[0]!.characteristics).toEqual(
      (card.characteristics ?? []).map((c) => ({ id: c.id, characteristic: `gespeichert ${c.characteristic}` })),
    );
  });

  it('shows the original of a stored translation whose source changed (stale fingerprint), and never translates it', async () => {
    const fileKey = `file:${file.id}`;
    db.on(QueryCommand).resolves({ Items: [card, dpp, file, storedGerman([fileKey])] });
    const result = await view('de');
    expect(result.dpp.files[0]!.name).toBe(file.name);
    expect(result.dpp.name).toBe(`gespeichert ${dpp.name}`);
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
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
    expect(result.language).toBe('it');
    expect(db.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':c1': 'en' });
    expect(translate.calls()).toHaveLength(0);
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
