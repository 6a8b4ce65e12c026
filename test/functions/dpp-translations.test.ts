import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiUrl, call, demo, fixture, form, json, localEnv, putTestDpp, type Tenant, tokenFor } from '../support/api';

/**
 * Authoring: a company's own translations of a DPP's texts through
 * PUT /dpps/{dppId}/translations/{language}, the machine translations it asks for through
 * POST /dpps/{dppId}/translations/{language}/machine (answered locally by Amazon Translate's
 * stand-in, which lists the calls it answered), and the public passport that serves them
 * (GET /dpp/{dppId} with the `language` header, the passport page): a text without a current
 * stored translation keeps its original, and no public request ever translates or stores one.
 * Each test works on a DPP of its own.
 */

/** A DPP of the tenant's with one file and one card (with one characteristic), through the API. */
async function newDpp(tenant: Tenant = 'acme', name = 'City bike') {
  const { company, dpp: demoDpp } = demo[tenant];
  const token = await tokenFor(tenant);
  const dpp = await putTestDpp('translations', {
    company_id: company.id,
    model_id: demoDpp.model_id,
    name,
    description: 'A bike for the city',
  });
  const file = await call('POST', `/models/${dpp.model_id}/dpps/${dpp.id}/upload-file`, {
    token,
    form: form({ name: 'User manual', description: 'How to ride it' }, { bytes: fixture('sample.pdf'), name: 'm.pdf' }),
  });
  const card = await call('POST', `/dpps/${dpp.id}/cards`, {
    token,
    ...json({ name: 'Frame', description: 'Aluminium frame', characteristics: [{ characteristic: 'Size: M' }] }),
  });
  expect([file.status, card.status]).toEqual([200, 200]);
  return {
    id: dpp.id,
    fileId: file.body.file.id as string,
    cardId: card.body.card.id as string,
    characteristicId: card.body.card.characteristics[0].id as string,
  };
}

async function putTranslation(dppId: string, language: string, body: unknown, tenant: Tenant = 'acme') {
  return call('PUT', `/dpps/${dppId}/translations/${language}`, { token: await tokenFor(tenant), ...json(body) });
}

/** The passport in a language: its Content-Language and the texts of the DPP, its file and its card. */
async function passport(dppId: string, language: string) {
  const { status, headers, body } = await call('GET', `/dpp/${dppId}`, { headers: { language } });
  expect(status).toBe(200);
  const text = (t: { name: string; description: string }) => ({ name: t.name, description: t.description });
  return {
    language: headers.get('content-language'),
    dpp: text(body.dpp),
    file: text(body.dpp.files[0]),
    card: text(body.dpp.cards[0]),
    characteristic: body.dpp.cards[0].characteristics[0].characteristic as string,
  };
}

const italian = (dpp: { fileId: string; cardId: string; characteristicId: string }) => ({
  name: 'Bici da città',
  description: 'Una bici per la città',
  files: { [dpp.fileId]: { name: 'Manuale d’uso', description: 'Come guidarla' } },
  cards: {
    [dpp.cardId]: {
      name: 'Telaio',
      description: 'Telaio in alluminio',
      characteristics: { [dpp.characteristicId]: 'Taglia: M' },
    },
  },
});

describe('PUT /dpps/{dppId}/translations/{language}', () => {
  it('stores the texts of the DPP, its file and its card, and the passport serves them in that language', async () => {
    const dpp = await newDpp();
    const { status, body } = await putTranslation(dpp.id, 'it', italian(dpp));
    expect(status).toBe(200);
    expect(body).toEqual({
      message: `Translation it of DPP ${dpp.id} stored`,
      ok: true,
      translation: { language: 'it', ...italian(dpp), stale: [] },
    });
    expect(await passport(dpp.id, 'it')).toEqual({
      language: 'it',
      dpp: { name: 'Bici da città', description: 'Una bici per la città' },
      file: { name: 'Manuale d’uso', description: 'Come guidarla' },
      card: { name: 'Telaio', description: 'Telaio in alluminio' },
      characteristic: 'Taglia: M',
    });
    // The source language and other languages are untouched.
    expect((await passport(dpp.id, 'en')).dpp.name).toBe('City bike');
    expect(await passport(dpp.id, 'fr')).toMatchObject({ language: 'en', dpp: { name: 'City bike' } });
  });

  it('merges with what is stored for the language: texts sent replace theirs, the others stay', async () => {
    const dpp = await newDpp();
    await putTranslation(dpp.id, 'it', { name: 'Bici', description: 'Una bici' });
    const { body } = await putTranslation(dpp.id, 'it', {
      cards: { [dpp.cardId]: { name: 'Telaio', description: 'Telaio in alluminio' } },
    });
    expect(body.translation).toEqual({
      language: 'it',
      name: 'Bici',
      description: 'Una bici',
      files: {},
      cards: { [dpp.cardId]: { name: 'Telaio', description: 'Telaio in alluminio' } },
      stale: [],
    });
    // The file has no Italian text: the passport keeps its original and says both languages.
    expect(await passport(dpp.id, 'it')).toEqual({
      language: 'it, en',
      dpp: { name: 'Bici', description: 'Una bici' },
      file: { name: 'User manual', description: 'How to ride it' },
      card: { name: 'Telaio', description: 'Telaio in alluminio' },
      characteristic: 'Size: M',
    });
    const replaced = await putTranslation(dpp.id, 'it', { name: 'Bicicletta', description: 'Una bicicletta' });
    expect(replaced.body.translation).toMatchObject({
      name: 'Bicicletta',
      cards: { [dpp.cardId]: { name: 'Telaio' } },
    });
  });

  it('treats a translation as stale once its source text changes, like a machine one', async () => {
    const dpp = await newDpp();
    await putTranslation(dpp.id, 'it', italian(dpp));
    const token = await tokenFor('acme');
    const edit = await call('PUT', `/dpps/${dpp.id}/cards/${dpp.cardId}`, { token, ...json({ name: 'Steel frame' }) });
    expect(edit.status).toBe(200);
    // The card's Italian text was made for "Frame": the passport shows the new original instead.
    expect(await passport(dpp.id, 'it')).toMatchObject({
      language: 'it, en',
      dpp: { name: 'Bici da città' },
      card: { name: 'Steel frame', description: 'Aluminium frame' },
    });
    const { body } = await putTranslation(dpp.id, 'it', { name: 'Bici', description: 'Una bici' });
    expect(body.translation.stale).toEqual([`cards.${dpp.cardId}`]);
    // Sending the card's text again makes it current.
    const again = await putTranslation(dpp.id, 'it', {
      cards: { [dpp.cardId]: { name: 'Telaio in acciaio', description: 'Telaio in alluminio' } },
    });
    expect(again.body.translation.stale).toEqual([]);
    expect((await passport(dpp.id, 'it')).card.name).toBe('Telaio in acciaio');
  });

  it('leaves out the texts of a card deleted since', async () => {
    const dpp = await newDpp();
    await putTranslation(dpp.id, 'it', italian(dpp));
    const token = await tokenFor('acme');
    expect((await call('DELETE', `/dpps/${dpp.id}/cards/${dpp.cardId}`, { token })).status).toBe(200);
    const { body } = await putTranslation(dpp.id, 'it', { name: 'Bici', description: 'Una bici' });
    expect(body.translation.cards).toEqual({});
    expect(body.translation.files).toEqual(italian(dpp).files);
  });

  it('answers 400 SOURCE_LANGUAGE for the DPP’s own language, storing nothing', async () => {
    const dpp = await newDpp();
    const { status, body } = await putTranslation(dpp.id, 'en', { name: 'Bike', description: 'A bike' });
    expect(status).toBe(400);
    expect(body.code).toBe('SOURCE_LANGUAGE');
    expect(body.details).toEqual([{ path: 'language', message: expect.stringContaining('(en)') }]);
    expect((await passport(dpp.id, 'en')).dpp.name).toBe('City bike');
  });

  it.each([['EN'], ['xx'], ['eng'], ['i'], ['iw']])('answers 400 for the language %s', async (language) => {
    const dpp = await newDpp();
    const { status, body } = await putTranslation(dpp.id, language, { name: 'x', description: 'y' });
    expect(status).toBe(400);
    expect(body.details).toEqual([{ path: 'language', message: expect.any(String) }]);
  });

  it('answers 400 NOT_IN_DPP naming each id that is not a file or card of the DPP, storing nothing', async () => {
    const dpp = await newDpp();
    const other = await newDpp();
    const globex = await newDpp('globex');
    const { status, body } = await putTranslation(dpp.id, 'it', {
      ...italian(dpp),
      files: { [dpp.fileId]: { name: 'Manuale', description: '' }, [other.fileId]: { name: 'x', description: 'y' } },
      cards: { [globex.cardId]: { name: 'x', description: 'y' }, [dpp.fileId]: { name: 'x', description: 'y' } },
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: expect.any(String),
      code: 'NOT_IN_DPP',
      details: [
        { path: `files.${other.fileId}`, message: 'is not a file of this DPP' },
        { path: `cards.${globex.cardId}`, message: 'is not a tech card of this DPP' },
        { path: `cards.${dpp.fileId}`, message: 'is not a tech card of this DPP' },
      ],
    });
    // Another company's card is refused exactly like an unknown id.
    const unknown = await putTranslation(dpp.id, 'it', { cards: { [randomUUID()]: { name: 'x', description: 'y' } } });
    const foreign = await putTranslation(dpp.id, 'it', { cards: { [globex.cardId]: { name: 'x', description: 'y' } } });
    expect(foreign.body.details[0].message).toBe(unknown.body.details[0].message);
    // A characteristic of another card is no characteristic of this one.
    const characteristic = await putTranslation(dpp.id, 'it', {
      cards: { [dpp.cardId]: { characteristics: { [other.characteristicId]: 'Taglia: M' } } },
    });
    expect([characteristic.status, characteristic.body.details]).toEqual([
      400,
      [
        {
          path: `cards.${dpp.cardId}.characteristics.${other.characteristicId}`,
          message: 'is not a characteristic of this tech card',
        },
      ],
    ]);
    expect((await passport(dpp.id, 'it')).language).toBe('en');
  });

  it('stores a characteristic’s text alone, and treats it as stale once the characteristic changes', async () => {
    const dpp = await newDpp();
    const { status, body } = await putTranslation(dpp.id, 'it', {
      cards: { [dpp.cardId]: { characteristics: { [dpp.characteristicId]: 'Taglia: M' } } },
    });
    expect(status).toBe(200);
    expect(body.translation.cards).toEqual({
      [dpp.cardId]: { characteristics: { [dpp.characteristicId]: 'Taglia: M' } },
    });
    expect(await passport(dpp.id, 'it')).toMatchObject({ language: 'it, en', characteristic: 'Taglia: M' });
    const token = await tokenFor('acme');
    const edit = await call('PUT', `/dpps/${dpp.id}/cards/${dpp.cardId}`, {
      token,
      ...json({ characteristics: [{ id: dpp.characteristicId, characteristic: 'Size: L' }] }),
    });
    expect(edit.status).toBe(200);
    expect((await passport(dpp.id, 'it')).characteristic).toBe('Size: L');
    const again = await putTranslation(dpp.id, 'it', { name: 'Bici', description: 'Una bici' });
    expect(again.body.translation.stale).toEqual([`cards.${dpp.cardId}.characteristics.${dpp.characteristicId}`]);
  });

  it.each([
    ['nothing', {}, 'NOTHING_TO_UPDATE', undefined],
    ['empty files and cards', { files: {}, cards: {} }, 'NOTHING_TO_UPDATE', undefined],
    ['a name without a description', { name: 'Bici' }, 'VALIDATION_ERROR', 'description'],
    ['a description without a name', { description: 'Una bici' }, 'VALIDATION_ERROR', 'name'],
    ['an empty name', { name: ' ', description: 'Una bici' }, 'VALIDATION_ERROR', 'name'],
    [
      'a file text without a description',
      { files: { abc: { name: 'x' } } },
      'VALIDATION_ERROR',
      'files.abc.description',
    ],
    ['a malformed id', { cards: { 'a/b': { name: 'x', description: 'y' } } }, 'VALIDATION_ERROR', 'cards.a/b'],
    [
      'a card text without a description',
      { cards: { abc: { name: 'x' } } },
      'VALIDATION_ERROR',
      'cards.abc.description',
    ],
    ['a card with no text at all', { cards: { abc: {} } }, 'VALIDATION_ERROR', 'cards.abc'],
    [
      'an empty characteristic',
      { cards: { abc: { characteristics: { def: ' ' } } } },
      'VALIDATION_ERROR',
      'cards.abc.characteristics.def',
    ],
    // A list is an object whose keys are 0, 1, ...: ids that are no file of the DPP.
    ['files that are a list', { files: [{ name: 'x', description: 'y' }] }, 'NOT_IN_DPP', 'files.0'],
  ])('answers 400 for %s', async (_, body, code, path) => {
    const dpp = await newDpp();
    const reply = await putTranslation(dpp.id, 'it', body);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(code);
    if (path) expect(reply.body.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('answers 404 for an unknown DPP and another company’s alike, storing nothing', async () => {
    const unknown = await putTranslation(`no-such-dpp-${randomUUID()}`, 'it', { name: 'x', description: 'y' });
    const foreign = await putTranslation(demo.globex.dpp.id, 'de', { name: 'x', description: 'y' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'DPP not found', code: 'DPP_NOT_FOUND' });
    expect(foreign.body).toEqual(unknown.body);
    expect((await passport(demo.globex.dpp.id, 'de')).language).toBe('en');
  });

  it('answers 401 without a token', async () => {
    expect(
      (await call('PUT', `/dpps/${demo.acme.dpp.id}/translations/it`, json({ name: 'x', description: 'y' }))).status,
    ).toBe(401);
  });
});

/** The texts Amazon Translate's local stand-in was asked to translate so far that contain `marker`. */
async function translateCalls(marker: string): Promise<Array<{ from: string; to: string; text: string }>> {
  const response = await fetch(`${localEnv.TRANSLATE_ENDPOINT}/calls`);
  expect(response.status).toBe(200);
  const { calls } = (await response.json()) as { calls: Array<{ from: string; to: string; text: string }> };
  return calls.filter((c) => c.text.includes(marker));
}

/** The languages the passport page links (`hreflang`), as an anonymous reader gets it. */
async function pageLanguages(dppId: string, headers: Record<string, string> = {}, query = ''): Promise<string[]> {
  const response = await fetch(`${apiUrl}/passport/${dppId}${query}`, { headers });
  expect(response.status).toBe(200);
  return [...(await response.text()).matchAll(/hreflang="([a-z]+)"/g)].map((m) => m[1]!);
}

/** The languages of the DPP's stored translations, as its company sees them (GET /dpps/{dppId}). */
async function storedLanguages(dppId: string): Promise<string[]> {
  const { status, body } = await call('GET', `/dpps/${dppId}`, { token: await tokenFor('acme') });
  expect(status).toBe(200);
  return body.dpp.translations;
}

/** 30 ISO 639-1 languages the test DPPs have no translation in. */
const THIRTY = 'de fr es pt nl sv da fi no pl cs sk sl hr hu ro bg el tr ru uk ja zh ko ar he hi th vi id'.split(' ');

describe('an anonymous reader', () => {
  it('causes no machine translation and no stored translation in 30 languages, and the page offers no more languages', async () => {
    const marker = randomUUID();
    const dpp = await newDpp('acme', `City bike ${marker}`);
    await putTranslation(dpp.id, 'it', italian(dpp));
    const before = { stored: await storedLanguages(dpp.id), page: await pageLanguages(dpp.id) };
    expect(before).toEqual({ stored: ['it'], page: ['en', 'it'] });

    for (const language of THIRTY) {
      const view = await call('GET', `/dpp/${dpp.id}`, { headers: { language } });
      // The original, naming its language: nothing was translated for this request.
      expect([view.status, view.headers.get('content-language'), view.body.dpp.name]).toEqual([
        200,
        'en',
        `City bike ${marker}`,
      ]);
      expect(await pageLanguages(dpp.id, { 'accept-language': language }, `?lang=${language}`)).toEqual(before.page);
    }
    // Italian, stored by the company, is served as stored.
    expect((await passport(dpp.id, 'it')).dpp.name).toBe('Bici da città');

    expect(await translateCalls(marker)).toEqual([]);
    expect(await storedLanguages(dpp.id)).toEqual(before.stored);
    expect(await pageLanguages(dpp.id)).toEqual(before.page);
  });
});

describe('POST /dpps/{dppId}/translations/{language}/machine', () => {
  const machine = async (dppId: string, language: string, tenant: Tenant = 'acme') =>
    call('POST', `/dpps/${dppId}/translations/${language}/machine`, { token: await tokenFor(tenant) });

  it('has the company’s untranslated texts machine-translated once, stored, then served to every reader', async () => {
    const marker = randomUUID();
    const dpp = await newDpp('acme', `City bike ${marker}`);
    // The company's own German name stays; the rest is translated.
    await putTranslation(dpp.id, 'de', { name: `Stadtrad ${marker}`, description: 'Ein Rad für die Stadt' });

    const { status, body } = await machine(dpp.id, 'de');
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, translated: 3 });
    expect(body.translation).toEqual({
      language: 'de',
      name: `Stadtrad ${marker}`,
      description: 'Ein Rad für die Stadt',
      files: { [dpp.fileId]: { name: '[de] User manual', description: '[de] How to ride it' } },
      cards: {
        [dpp.cardId]: {
          name: '[de] Frame',
          description: '[de] Aluminium frame',
          characteristics: { [dpp.characteristicId]: '[de] Size: M' },
        },
      },
      stale: [],
    });
    expect(await passport(dpp.id, 'de')).toEqual({
      language: 'de',
      dpp: { name: `Stadtrad ${marker}`, description: 'Ein Rad für die Stadt' },
      file: { name: '[de] User manual', description: '[de] How to ride it' },
      card: { name: '[de] Frame', description: '[de] Aluminium frame' },
      characteristic: '[de] Size: M',
    });
    expect(await storedLanguages(dpp.id)).toEqual(['de']);
    expect(await pageLanguages(dpp.id)).toEqual(['en', 'de']);

    // Asking again translates nothing: every text has a current translation.
    const again = await machine(dpp.id, 'de');
    expect([again.status, again.body.translated]).toEqual([200, 0]);
    // The name of the DPP was the company's: it never went to the provider.
    expect(await translateCalls(marker)).toEqual([]);
  });

  it('counts on the provider: the stand-in answered each text it translated', async () => {
    const marker = randomUUID();
    const dpp = await newDpp('acme', `City bike ${marker}`);
    expect((await machine(dpp.id, 'fr')).body.translated).toBe(4);
    expect(await translateCalls(marker)).toEqual([{ from: 'en', to: 'fr', text: `City bike ${marker}` }]);
  });

  it('answers 400 SOURCE_LANGUAGE for the DPP’s own language, 404 for another company’s DPP as for an unknown one, 401 without a token', async () => {
    const dpp = await newDpp();
    const own = await machine(dpp.id, 'en');
    expect([own.status, own.body.code]).toEqual([400, 'SOURCE_LANGUAGE']);
    const unknown = await machine(randomUUID(), 'de');
    const foreign = await machine(demo.globex.dpp.id, 'de');
    expect([unknown.status, unknown.body]).toEqual([404, { error: 'DPP not found', code: 'DPP_NOT_FOUND' }]);
    expect(foreign.body).toEqual(unknown.body);
    expect((await call('POST', `/dpps/${dpp.id}/translations/de/machine`)).status).toBe(401);
    expect(await storedLanguages(dpp.id)).toEqual([]);
  });
});
