import { describe, expect, it } from 'vitest';
import { apiUrl, call, demo, demoFixture, download, fixture, form, tokenFor } from '../support/api';

const dpp = demo.acme.dpp;
const view = (language?: string, id = dpp.id) =>
  call('GET', `/dpp/${id}`, { headers: language === undefined ? {} : { language } });

describe('GET /dpp/{dppId}', () => {
  it('is public: a consumer reads the passport without a token', async () => {
    const { status, body, headers } = await view();
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json');
    expect(Object.keys(body)).toEqual(['dpp']);
  });

  it('returns the exact translated-view shape (plus each file’s and image’s public `url`), in English by default', async () => {
    const { body, headers } = await view();
    expect(headers.get('content-language')).toBe('en');
    expect(Object.keys(body.dpp).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'created_at',
        'updated_at',
        'type',
        'company_id',
        'model_id',
        'images',
        'files',
        'cards',
      ].sort(),
    );
    expect(body.dpp).toMatchObject({
      id: dpp.id,
      name: dpp.name,
      description: dpp.description,
      type: dpp.type,
      company_id: demo.acme.company.id,
      model_id: dpp.model_id,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(body.dpp.images).toEqual([
      {
        image: expect.stringContaining('X-Amz-Signature='),
        type: 'image/png',
        uuid: dpp.images[0]!.id,
        url: `${apiUrl}/dpp/${dpp.id}/images/${dpp.images[0]!.id}`,
        access_tier: 'public',
      },
    ]);
    for (const file of body.dpp.files) {
      expect(Object.keys(file).sort()).toEqual(['access_tier', 'description', 'id', 'name', 'path', 'url']);
      expect(file.access_tier).toBe('public');
      expect(file.url).toBe(`${apiUrl}/dpp/${dpp.id}/files/${file.id}`);
    }
    expect(body.dpp.cards[0]).toEqual({
      id: dpp.cards[0]!.id,
      name: dpp.cards[0]!.name,
      description: dpp.cards[0]!.description,
      characteristics: dpp.cards[0]!.characteristics,
      access_tier: 'public',
    });
    // An anonymous read carries no `access` value, so its answer has no `access` field.
    expect(body.access).toBeUndefined();
  });

  it('translates name and description of the DPP, its files and cards from stored translations', async () => {
    // The second DPP: no other test adds files to it, so every text has a stored translation.
    const dpp = demo.acme.otherDpp;
    const it_ = dpp.translations.it!;
    const { status, body, headers } = await view('it', dpp.id);
    expect(status).toBe(200);
    expect(headers.get('content-language')).toBe('it');
    expect(body.dpp.name).toBe(it_.dpp!.name);
    expect(body.dpp.description).toBe(it_.dpp!.description);
    const manual = body.dpp.files.find((f: { id: string }) => f.id === dpp.files[0]!.id);
    expect(manual.name).toBe(it_[`file:${dpp.files[0]!.id}`]!.name);
    expect(body.dpp.cards[0].name).toBe(it_[`card:${dpp.cards[0]!.id}`]!.name);
    // Each characteristic has its own stored text (its unit's name).
    const card = dpp.cards[0]!;
    expect(body.dpp.cards[0].characteristics).toEqual(
      (card.characteristics ?? []).map((c) => ({
        id: c.id,
        characteristic: it_[`characteristic:${card.id}:${c.id}`]!.name,
      })),
    );
    expect(body.dpp.cards[0].characteristics[0].characteristic).toBe('Carico massimo: 80 kg');

    const fr = await view('fr', dpp.id);
    expect(fr.headers.get('content-language')).toBe('fr');
    expect(fr.body.dpp.name).toBe(dpp.translations.fr!.dpp!.name);
  });

  it('keeps the original of a text with no stored translation and names both languages', async () => {
    const token = await tokenFor('acme');
    const fields = form(
      { name: 'Warranty', description: 'Two years' },
      { bytes: fixture('sample.pdf'), name: 'w.pdf' },
    );
    const added = await call('POST', `/models/${dpp.model_id}/dpps/${dpp.id}/upload-file`, { token, form: fields });
    const { body, headers } = await view('it');
    expect(headers.get('content-language')).toBe('it, en');
    expect(body.dpp.name).toBe(dpp.translations.it!.dpp!.name);
    expect(body.dpp.files.find((f: { id: string }) => f.id === added.body.file.id)).toMatchObject({
      name: 'Warranty',
      description: 'Two years',
    });
  });

  it('returns the originals with their language when no translation is stored in the language asked for', async () => {
    const { status, body, headers } = await view('de');
    expect(status).toBe(200);
    expect(headers.get('content-language')).toBe('en');
    expect(body.dpp.name).toBe(dpp.name);
  });

  // Two lowercase letters are not enough: the code must be in the ISO 639-1 list.
  // `iw`, `in` and `sh` were withdrawn from it (now `he`, `id`, and `sr`/`hr`/`bs`).
  it.each(['EN', 'eng', 'e', 'it-IT', '12', '', 'xx', 'zz', 'qq', 'iw', 'in', 'sh'])(
    'rejects the language header %j with 400',
    async (language) => {
      const { status, body } = await view(language);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'language' }] });
      expect((await view('it')).status).toBe(200);
    },
  );

  it.each(['aa', 'he', 'id', 'ja', 'yi', 'zu'])('accepts the ISO 639-1 code %j', async (language) => {
    const { status, headers } = await view(language);
    expect(status).toBe(200);
    expect(headers.get('content-language')).toBe('en');
  });

  it('answers 404 for a DPP that does not exist', async () => {
    const { status, body } = await view(undefined, '3f2e1d0c-0000-4000-8000-000000000000');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'DPP not found', code: 'DPP_NOT_FOUND' });
  });

  it('answers 400 for an id that cannot be a DPP id', async () => {
    const { status } = await view(undefined, 'bad%20id!');
    expect(status).toBe(400);
  });

  it('signs image URLs that download the stored image', async () => {
    const { body } = await view();
    const image = await download(body.dpp.images[0].image);
    expect(image.status).toBe(200);
    expect(image.bytes.equals(demoFixture(dpp.images[0]!.fixture))).toBe(true);
  });
});
