import {
  ServiceUnavailableException,
  TooManyRequestsException,
  TranslateClient,
  TranslateTextCommand,
  type TranslateTextCommandInput,
  UnsupportedLanguagePairException,
} from '@aws-sdk/client-translate';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { amazonTranslate } from '../../../lib/aws/translate';
import * as keys from '../../../lib/data/keys';
import { machineTranslateDpp } from '../../../lib/dpps/machine-translate-dpp';
import { characteristicKey, fingerprint } from '../../../lib/dpps/translations';
import { InvalidInputError, NotFoundError, UnavailableError } from '../../../lib/errors';
import type { Translator } from '../../../lib/translator';
import { cardItem, dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';
import { OTHER_COMPANY_ID, PRINCIPAL } from '../../support/unit/tokens';

/**
 * The machine translation a company asks for (lib/dpps/machine-translate-dpp.ts), with Amazon
 * Translate as the provider (its client mocked) and with none. Over HTTP, against the local
 * stand-in: test/functions/dpp-translations.test.ts.
 */
const selected = vi.hoisted(() => ({ provider: undefined as Translator | undefined }));
vi.mock('../../../lib/dpps/translation-provider', () => ({ translator: () => selected.provider }));

const db = mockClient(DynamoDBDocumentClient);
const translate = mockClient(TranslateClient);

const dpp = dppItem();
const file = dppFileItem();
const card = cardItem();
const characteristic = card.characteristics![0]!;
const german = (text: string) => `[de] ${text}`;

const machine = (language = 'de', auth = PRINCIPAL) =>
  machineTranslateDpp(auth, { params: { dppId: IDS.dpp, language } });
const translatedTexts = () => translate.commandCalls(TranslateTextCommand).map((c) => c.args[0].input.Text);
/** The units the one transaction set on the language's item. */
const written = () => {
  const [transaction] = db.commandCalls(TransactWriteCommand);
  if (!transaction) return undefined;
  const items = transaction.args[0].input.TransactItems!;
  expect(items[0]!.ConditionCheck?.Key).toEqual(keys.dpp(IDS.dpp));
  const update = items[1]!.Update!;
  expect(update.Key).toEqual(keys.dppTranslation(IDS.dpp, 'de'));
  return Object.values(update.ExpressionAttributeNames ?? {});
};

beforeEach(() => {
  db.reset();
  translate.reset();
  selected.provider = amazonTranslate;
  db.on(QueryCommand).resolves({ Items: [card, dpp, file] });
  db.on(TransactWriteCommand).resolves({});
  translate.on(TranslateTextCommand).callsFake((input: TranslateTextCommandInput) => ({
    TranslatedText: german(input.Text!),
    SourceLanguageCode: input.SourceLanguageCode,
    TargetLanguageCode: input.TargetLanguageCode,
  }));
});

describe('machineTranslateDpp', () => {
  it('translates every text without a current translation, characteristics included, and stores them in one transaction', async () => {
    const result = await machine();
    expect(result.translated).toBe(4);
    expect(translatedTexts().sort()).toEqual(
      [
        dpp.name,
        dpp.description,
        file.name,
        file.description,
        card.name,
        card.description,
        characteristic.characteristic,
      ]
        .filter((t) => t !== '')
        .sort(),
    );
    for (const call of translate.commandCalls(TranslateTextCommand)) {
      expect(call.args[0].input).toMatchObject({ SourceLanguageCode: 'en', TargetLanguageCode: 'de' });
    }
    expect(written()).toEqual(
      expect.arrayContaining([
        'dpp',
        `file:${file.id}`,
        `card:${card.id}`,
        characteristicKey(card.id, characteristic.id),
      ]),
    );
    expect(result.translation).toMatchObject({
      language: 'de',
      name: german(dpp.name),
      cards: {
        [card.id]: {
          name: german(card.name),
          characteristics: { [characteristic.id]: german(characteristic.characteristic) },
        },
      },
      stale: [],
    });
  });

  it('leaves current translations as they are (the company’s own included) and sends only the others', async () => {
    const stored = {
      ...keys.dppTranslation(IDS.dpp, 'de'),
      type: 'DPP_TRANSLATION',
      language: 'de',
      dpp: { name: 'Eigener Name', description: 'Eigene Beschreibung', source: fingerprint(dpp) },
      [`file:${file.id}`]: { name: 'Alt', description: 'Alt', source: fingerprint({ name: 'old', description: '' }) },
    };
    db.on(QueryCommand).resolves({ Items: [card, dpp, file, stored] });
    const result = await machine();
    expect(translatedTexts()).not.toContain(dpp.name);
    expect(translatedTexts()).toContain(file.name);
    expect(result).toMatchObject({
      translated: 3,
      translation: { name: 'Eigener Name', files: { [file.id]: { name: german(file.name) } } },
    });
    expect(written()).not.toContain('dpp');
  });

  it('translates nothing and writes nothing when every text has a current translation', async () => {
    await machine();
    const units = db.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![1]!.Update!;
    const values = Object.values(units.ExpressionAttributeValues ?? {}) as Array<Record<string, unknown>>;
    const stored = { ...keys.dppTranslation(IDS.dpp, 'de'), type: 'DPP_TRANSLATION', language: 'de' } as Record<
      string,
      unknown
    >;
    const names = units.ExpressionAttributeNames ?? {};
    for (const [placeholder, name] of Object.entries(names)) {
      const value = values[Object.keys(names).indexOf(placeholder)];
      if (name.includes(':') || name === 'dpp') stored[name] = value;
    }
    db.reset();
    translate.resetHistory();
    db.on(QueryCommand).resolves({ Items: [card, dpp, file, stored] });
    const again = await machine();
    expect(again.translated).toBe(0);
    expect(translate.calls()).toHaveLength(0);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it.each([
    ['ServiceUnavailableException', () => new ServiceUnavailableException({ message: 'down', $metadata: {} })],
    ['TooManyRequestsException', () => new TooManyRequestsException({ message: 'slow down', $metadata: {} })],
    ['a generic error', () => new Error('getaddrinfo ENOTFOUND translate.eu-central-1.amazonaws.com')],
  ])(
    'fails as unavailable, without Translate’s message, and stores nothing when TranslateText fails with %s',
    async (_, fault) => {
      translate.on(TranslateTextCommand).rejects(fault());
      const error = await domainFailure(machine());
      expect(error).toBeInstanceOf(UnavailableError);
      expect(error.message).not.toMatch(/ENOTFOUND|amazonaws|down|slow down/);
      expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
    },
  );

  it('refuses a language Translate cannot translate into as UNSUPPORTED_LANGUAGE, storing nothing', async () => {
    translate
      .on(TranslateTextCommand)
      .rejects(new UnsupportedLanguagePairException({ message: 'Unsupported language pair: en to cu', $metadata: {} }));
    const error = await domainFailure(machine('cu'));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error.code).toBe('UNSUPPORTED_LANGUAGE');
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('fails as unavailable with no provider configured, storing nothing', async () => {
    selected.provider = undefined;
    expect(await domainFailure(machine())).toBeInstanceOf(UnavailableError);
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses the DPP’s own language as SOURCE_LANGUAGE, and another company’s DPP as DPP_NOT_FOUND, without calling the provider', async () => {
    expect((await domainFailure(machine('en'))).code).toBe('SOURCE_LANGUAGE');
    const foreign = await domainFailure(machine('de', { ...PRINCIPAL, companyId: OTHER_COMPANY_ID }));
    expect(foreign).toBeInstanceOf(NotFoundError);
    expect(foreign.code).toBe('DPP_NOT_FOUND');
    expect(translate.calls()).toHaveLength(0);
  });
});
