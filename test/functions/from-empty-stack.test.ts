import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallOptions, call, download, fixture, form, json } from '../support/api';
import { runAdmin, type StackProcess, startStackProcess } from '../support/stack-process';
import { testAccount } from '../support/wallets';

/**
 * A deployed stack is usable from an empty table with only the admin CLI
 * and HTTP. A stack of its own with no demo seed; an operator creates the first tenant with
 * the CLI, and everything after that is the API as a company uses it.
 */
let stack: StackProcess;
beforeAll(async () => {
  stack = await startStackProcess({ empty: true });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** The CLI's answer on stdout, after checking it succeeded. */
async function admin(...args: string[]): Promise<string> {
  const run = await runAdmin(stack.dir, args);
  expect(run.code, `admin ${args.join(' ')}\n${run.stderr}`).toBe(0);
  return run.stdout.trim();
}

describe('from an empty local stack, with only the admin CLI and HTTP', () => {
  it('bootstraps a tenant, is blocked until KYB is verified, then authors a passport anyone can read in two languages', async () => {
    const at = (path: string, options: CallOptions = {}) => ({ ...options, baseUrl: stack.apiUrl, path });
    const request = (method: string, path: string, options: CallOptions = {}) => {
      const { path: p, ...rest } = at(path, options);
      return call(method, p, rest);
    };

    // Nothing there: the demo company's key is not a key of this stack.
    expect(
      (await request('GET', '/generateJWT/demo-acme-api-key/0x0000000000000000000000000000000000000001')).status,
    ).toBe(401);

    // 1. The operator: a company, its first admin and an API key (printed once).
    const companyId = await admin('company', 'create', '--name', 'Ferro Cicli S.r.l.', '--country', 'IT');
    const wallet = testAccount(6).address;
    const userId = await admin(
      'user',
      'add',
      '--company',
      companyId,
      '--email',
      'admin@ferro.example',
      '--wallet',
      wallet,
      '--role',
      'admin',
    );
    const apiKey = await admin('api-key', 'create', '--company', companyId, '--label', 'first key');

    // 2. The company: a token for its admin's wallet.
    const jwt = await request('GET', `/generateJWT/${encodeURIComponent(apiKey)}/${wallet}`);
    expect(jwt.status).toBe(200);
    const token: string = jwt.body.authToken;

    // 3. No DPP before the business is verified.
    const passport = {
      name: 'Ferro City 3',
      description: 'A steel city bike with a 3-speed hub',
      type: '8f0e2a4c-6d1b-4e3a-9c7d-2b5f4a1e0c9d',
      code: '08012345000012',
      model_id: '3c1d9e7a-5b2f-4a8c-9e1d-7f6b2a4c8e0d',
      language: 'en',
    };
    const blocked = await request('POST', '/dpps', { token, ...json(passport) });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(403);
    expect(blocked.body.code).toBe('KYB_REQUIRED');
    expect((await request('GET', '/dpps', { token })).body.dpps).toEqual([]);

    // 4. KYB: the VIES stand-in confirms this VAT number.
    const kyb = await request('POST', '/verify-business', {
      token,
      ...json({
        userId,
        userData: {
          company_name: 'Ferro Cicli S.r.l.',
          vat_number: 'IT11111110018',
          street_address: 'Via Roma 1',
          zip_or_postal_code: '10121',
          city_or_town: 'Torino',
          district_or_province: 'TO',
          sdi_or_pec: 'M5UXCR1',
          rea_code: 'TO-1234567',
          country_code: 'IT',
        },
      }),
    });
    expect(kyb.status).toBe(200);
    expect(JSON.stringify(kyb.body)).toContain('VERIFIED');

    // 5. A template, then the DPP on it.
    const template = await request('POST', '/templates', {
      token,
      ...json({ name: 'City bikes', model_id: passport.model_id }),
    });
    expect(template.status).toBe(200);
    const templateId: string = template.body.template.id;
    const created = await request('POST', '/dpps', { token, ...json({ ...passport, template_id: templateId }) });
    expect(created.status).toBe(200);
    const dppId: string = created.body.dpp.id;

    // 6. Its content: a tech card, an image, a file, and an Italian translation of all three texts.
    const card = await request('POST', `/dpps/${dppId}/cards`, {
      token,
      ...json({
        name: 'Frame',
        description: 'Hi-ten steel frame',
        characteristics: [{ characteristic: 'Weight: 2.4 kg' }],
      }),
    });
    expect(card.status).toBe(200);
    const cardId: string = card.body.card.id;
    const weightId: string = card.body.card.characteristics[0].id;
    const image = await request('POST', `/dpps/${dppId}/images`, {
      token,
      form: form({}, { bytes: fixture('sample.png'), name: 'bike.png' }),
    });
    expect(image.status).toBe(200);
    const file = await request('POST', `/models/${passport.model_id}/dpps/${dppId}/upload-file`, {
      token,
      form: form(
        { name: 'User manual', description: 'How to ride and service it' },
        {
          bytes: fixture('sample.pdf'),
          name: 'manual.pdf',
        },
      ),
    });
    expect(file.status).toBe(200);
    const fileId: string = file.body.file.id;
    const translation = await request('PUT', `/dpps/${dppId}/translations/it`, {
      token,
      ...json({
        name: 'Ferro City 3',
        description: 'Una bici da città in acciaio con mozzo a 3 velocità',
        files: { [fileId]: { name: 'Manuale d’uso', description: 'Come usarla e curarla' } },
        cards: {
          [cardId]: {
            name: 'Telaio',
            description: 'Telaio in acciaio Hi-ten',
            characteristics: { [weightId]: 'Peso: 2,4 kg' },
          },
        },
      }),
    });
    expect(translation.status).toBe(200);

    // A new DPP is private until its company publishes it.
    expect((await request('PUT', `/dpps/${dppId}`, { token, ...json({ published: true }) })).status).toBe(200);

    // 7. Anyone reads it, with no token, in the source language and in Italian.
    const english = await request('GET', `/dpp/${dppId}`);
    expect(english.status).toBe(200);
    expect(english.headers.get('content-language')).toBe('en');
    const italian = await request('GET', `/dpp/${dppId}`, { headers: { language: 'it' } });
    expect(italian.status).toBe(200);
    expect(italian.headers.get('content-language')).toBe('it');
    const en = english.body.dpp;
    const it = italian.body.dpp;
    expect(en.description).toBe('A steel city bike with a 3-speed hub');
    expect(it.description).toBe('Una bici da città in acciaio con mozzo a 3 velocità');
    expect(en.cards.map((c: { name: string }) => c.name)).toEqual(['Frame']);
    expect(it.cards.map((c: { description: string }) => c.description)).toEqual(['Telaio in acciaio Hi-ten']);
    // Every text the company translated reads in Italian, the card's characteristic too.
    expect(it.cards[0].characteristics.map((c: { characteristic: string }) => c.characteristic)).toEqual([
      'Peso: 2,4 kg',
    ]);
    expect(en.files.map((f: { id: string; name: string }) => [f.id, f.name])).toEqual([[fileId, 'User manual']]);
    expect(it.files.map((f: { name: string }) => f.name)).toEqual(['Manuale d’uso']);
    // The image, with its bytes behind the signed URL.
    expect(en.images).toHaveLength(1);
    expect(en.images[0].type).toBe('image/png');
    const png = await download(en.images[0].image);
    expect(png.status).toBe(200);
    expect(png.bytes.equals(fixture('sample.png'))).toBe(true);
  }, 120_000);
});
