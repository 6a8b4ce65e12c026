import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import * as keys from '../../lib/data/keys';
import { ItemType } from '../../lib/data/keys';
import { toDppCardItem, toDppImageItem, toDppTranslationItem } from '../../lib/dpps/model';
import { apiUrl, call, demo, json, localTable, putTestDpp, tokenFor } from '../support/api';
import { checkResponse } from '../support/contract-check';

/** The demo passport X1: English, with Italian and French translations, cards, files, an image, two versions. */
const X1 = demo.acme.dpp;
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** One GET that does not follow redirects, checked against the contract like `call()`. */
async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${apiUrl}${path}`, { headers, redirect: 'manual' });
  const text = await response.text();
  let body: unknown = text;
  if (response.headers.get('content-type') === 'application/json') body = JSON.parse(text);
  checkResponse('GET', path, response.status, body, response.headers);
  return { status: response.status, headers: response.headers, text, body };
}

const page = (dppId: string, headers: Record<string, string> = {}, query = '') =>
  get(`/passport/${dppId}${query}`, { accept: BROWSER, ...headers });

/** The visible text of a page, roughly: tags dropped, entities of the escaper undone. */
const textOf = (html: string) =>
  html
    .replace(/<style>.*?<\/style>/s, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('GET /passport/{dppId}', () => {
  it('shows the whole passport: texts, company, identifiers, images, cards, files with their download links, versions', async () => {
    const { status, headers, text } = await page(X1.id);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    const words = textOf(text);
    expect(text).toContain('<html lang="en">');
    expect(words).toContain(X1.name);
    expect(words).toContain(X1.description);
    expect(words).toContain(`${demo.acme.company.name}, Italy`);
    expect(words).toContain('08012345000012');
    expect(words).toContain('X1-000123');
    for (const image of X1.images) expect(text).toContain(`src="${apiUrl}/dpp/${X1.id}/images/${image.id}"`);
    for (const card of X1.cards) {
      expect(words).toContain(card.name);
      for (const c of card.characteristics ?? []) expect(words).toContain(c.characteristic);
    }
    for (const file of X1.files) {
      expect(words).toContain(file.name);
      expect(text).toContain(`href="${apiUrl}/dpp/${X1.id}/files/${file.id}"`);
    }
    // The version history: each version's document, its SHA-256 (the document's own), the notarization.
    const versions = await call('GET', `/dpp/${X1.id}/versions/1`);
    expect(versions.status).toBe(200);
    const document = await fetch(`${apiUrl}/dpp/${X1.id}/versions/1`);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256')
      .update(Buffer.from(await document.arrayBuffer()))
      .digest('hex');
    expect(text).toContain(`href="${apiUrl}/dpp/${X1.id}/versions/1"`);
    expect(text).toContain(hash);
    // In plain words: anchored, and verified once a verification has run (test/functions/verification.test.ts).
    expect(words).toMatch(/Anchored on the blockchain, not checked yet\.|Verified:\s+this version’s content matches/);
    expect(text).toMatch(/href="[^"]+\/tx\/0x[0-9a-f]{64}"/);
    expect(words).toContain(`curl -s ${apiUrl}/dpp/${X1.id}/versions/2 | sha256sum`);
    expect(text).toContain(`href="${apiUrl}/dpp/${X1.id}"`);
  });

  it('follows Accept-Language by q-value among the passport’s languages, and links every one of them', async () => {
    const it_ = X1.translations.it!;
    const italian = await page(X1.id, { 'accept-language': 'de-DE;q=0.9, it-CH;q=0.95, en;q=0.5' });
    expect(italian.text).toContain('<html lang="it">');
    expect(textOf(italian.text)).toContain(it_.dpp!.name);
    expect(textOf(italian.text)).toContain('Storico delle versioni');
    // Content-Language: Italian, and English where a text added later has no translation.
    expect(italian.headers.get('content-language')).toMatch(/^it(, en)?$/);
    expect(italian.headers.get('vary')).toBe('Accept, Accept-Language');
    for (const lang of ['en', 'fr', 'it']) {
      expect(italian.text).toContain(
        `href="${apiUrl}/passport/${X1.id}?lang=${lang}" lang="${lang}" hreflang="${lang}"`,
      );
    }
    // A language the passport lacks: the original.
    const german = await page(X1.id, { 'accept-language': 'de' });
    expect(german.text).toContain('<html lang="en">');
    expect(german.headers.get('content-language')).toBe('en');
  });

  it('shows every demo text of X1 in Italian, the characteristics and the parts copied from Volta’s battery included', async () => {
    const battery = demo.volta.dpp;
    const { text } = await page(X1.id, {}, '?lang=it');
    const words = textOf(text);
    // The battery's own name and description are not on X1's page: its files and cards are (copies).
    const english = [X1, battery].flatMap((dpp) => [
      ...(dpp === X1 ? [dpp.name, dpp.description] : []),
      ...dpp.files.flatMap((f) => [f.name, f.description]),
      ...dpp.cards.flatMap((c) => [c.name, c.description, ...(c.characteristics ?? []).map((ch) => ch.characteristic)]),
    ]);
    expect(english.filter((t) => words.includes(t))).toEqual([]);
    // Each of them shows its Italian text instead.
    const italian = (dpp: typeof X1) =>
      Object.entries(dpp.translations.it ?? {}).flatMap(([key, t]) => (dpp === X1 || key !== 'dpp' ? [t.name] : []));
    expect([...italian(X1), ...italian(battery)].filter((t) => !words.includes(t))).toEqual([]);
  });

  it('takes ?lang= over Accept-Language, and ignores a ?lang= the passport lacks', async () => {
    const french = await page(X1.id, { 'accept-language': 'it' }, '?lang=fr');
    expect(french.text).toContain('<html lang="fr">');
    expect(textOf(french.text)).toContain(X1.translations.fr!.dpp!.name);
    const unknown = await page(X1.id, { 'accept-language': 'it' }, '?lang=xx');
    expect(unknown.text).toContain('<html lang="it">');
  });

  it('answers an unknown, an unpublished and a malformed id alike: an HTML page for a browser, the JSON error otherwise', async () => {
    const token = await tokenFor('acme');
    const created = await call('POST', '/dpps', {
      token,
      ...json({
        name: 'Unpublished page bike',
        type: 'e-bike',
        code: '04012345000016',
        model_id: '01a21000-0000-7000-8000-00000000a0f2',
        language: 'en',
      }),
    });
    expect(created.status).toBe(200);
    const unpublished = created.body.dpp.id as string;
    for (const id of [unpublished, `no-such-${randomUUID()}`]) {
      const html = await page(id);
      expect(html.status).toBe(404);
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html.text).toContain('Passport not found');
      expect(html.headers.get('content-security-policy')).toContain("default-src 'none'");
      const api = await get(`/passport/${id}`);
      expect(api.status).toBe(404);
      expect(api.body).toEqual({ error: 'DPP not found', code: 'DPP_NOT_FOUND' });
    }
    const italian = await page(unpublished, { 'accept-language': 'it' });
    expect(italian.text).toContain('<html lang="it">');
    expect(italian.text).toContain('Passaporto non trovato');
    const malformed = await page('not%20an%20id');
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('This address is not valid');
    // Published, the same DPP has its page.
    expect((await call('PUT', `/dpps/${unpublished}`, { token, ...json({ published: true }) })).status).toBe(200);
    expect((await page(unpublished)).status).toBe(200);
  });

  it('carries a strong ETag: If-None-Match with it answers 304 without a body; caching and security headers', async () => {
    const first = await page(X1.id, { 'accept-language': 'fr' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = first.headers.get('content-security-policy')!;
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; img-src 'self' http:\/\/127\.0\.0\.1:\d+;/,
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('script-src');
    expect(first.text).not.toContain('<script');
    const again = await page(X1.id, { 'accept-language': 'fr', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // Another language is another page.
    const other = await page(X1.id, { 'accept-language': 'it', 'if-none-match': etag });
    expect(other.status).toBe(200);
  });

  it('answers HEAD with the GET’s status and headers and no body: 200 for a published passport, 404 for an unknown one', async () => {
    const got = await page(X1.id);
    const head = await fetch(`${apiUrl}/passport/${X1.id}`, { method: 'HEAD', headers: { accept: BROWSER } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const name of ['content-type', 'etag', 'cache-control', 'content-language', 'vary']) {
      expect(head.headers.get(name)).toBe(got.headers.get(name));
    }
    const unknown = await fetch(`${apiUrl}/passport/01a19656-4a8b-7000-8000-0000000000ff`, { method: 'HEAD' });
    expect(unknown.status).toBe(404);
  });

  it('loads nothing from another origin: every src and href is the API’s own, or the chain explorer’s', async () => {
    const { text } = await page(X1.id);
    const addresses = [...text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(addresses.length).toBeGreaterThan(5);
    for (const address of addresses) expect(address.startsWith(apiUrl)).toBe(true);
    expect(text).not.toMatch(/<link|@import|url\(/);
  });

  it('stays within 30 KB of HTML and CSS for a big passport (24 cards of 4 characteristics, 15 files, 6 images, 25 versions, 4 languages)', async () => {
    const dpp = await putTestDpp('page-weight', {
      company_id: demo.acme.company.id,
      model_id: '01a21000-0000-7000-8000-00000000a0f3',
      name: 'Cargo e-bike with a long product name, model 2027, frame size L',
      description: 'A description of a realistic length. '.repeat(12).trim(),
      version_count: 25,
      company_name: 'Acme Bikes S.r.l.',
      company_country: 'IT',
    });
    const words = (n: number) => 'battery frame motor brake wheel display charger '.repeat(n).trim();
    const cards = Array.from({ length: 24 }, (_, i) =>
      toDppCardItem(dpp.id, {
        id: `card-${i}`,
        company_id: dpp.company_id,
        name: `Component ${i}`,
        description: words(2),
        characteristics: Array.from({ length: 4 }, (_, j) => ({
          id: `c-${i}-${j}`,
          characteristic: `Property ${j}: ${words(1)}`,
        })),
      }),
    );
    const files = Array.from({ length: 15 }, (_, i) => ({
      ...keys.dppFile(dpp.id, `file-${i}`),
      type: ItemType.DppFile,
      id: `file-${i}`,
      dpp_id: dpp.id,
      company_id: dpp.company_id,
      model_id: dpp.model_id,
      name: `Document ${i}: declaration, manual or sheet`,
      description: words(2),
      path: `x/${i}`,
      mime_type: 'application/pdf',
      hash: '0'.repeat(64),
      size: 123_456,
      created_by: 'test',
      notarized: false,
      created_at: dpp.created_at,
      updated_at: dpp.created_at,
    }));
    const images = Array.from({ length: 6 }, (_, i) =>
      toDppImageItem(dpp.id, { id: `image-${i}`, company_id: dpp.company_id, path: `x/i${i}`, mime_type: 'image/png' }),
    );
    const translations = ['de', 'fr', 'it'].map((lang) =>
      toDppTranslationItem(dpp.id, lang, [
        {
          key: 'dpp',
          name: dpp.name,
          description: dpp.description,
          translated: { name: `${lang} name`, description: 'x' },
        },
      ]),
    );
    const history = Array.from({ length: 25 }, (_, i) => i + 1).flatMap((n) => [
      {
        ...keys.dppVersion(dpp.id, n),
        type: ItemType.DppVersion,
        version: n,
        content_hash: 'a'.repeat(64),
        created_at: dpp.created_at,
        status: 'READY',
      },
      {
        ...keys.notarization(dpp.id, n),
        type: ItemType.Notarization,
        version: n,
        status: 'ANCHORED',
        transaction_hash: `0x${'b'.repeat(64)}`,
        url: `https://explorer.example/tx/0x${'b'.repeat(64)}`,
        // Verified: the longest state a version shows.
        verification: {
          valid: true,
          checked_at: dpp.created_at,
          transaction_hash: `0x${'b'.repeat(64)}`,
          chain_id: '11155111',
          block_number: 7_000_001,
          confirmations: 12,
        },
      },
    ]);
    const { doc, tableName } = localTable();
    const items = [...cards, ...files, ...images, ...translations, ...history];
    for (let i = 0; i < items.length; i += 25) {
      await doc.send(
        new BatchWriteCommand({
          RequestItems: { [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    }
    const { status, text } = await page(dpp.id);
    expect(status).toBe(200);
    expect(textOf(text)).toContain('Component 23');
    expect(textOf(text)).toContain('Version 25');
    expect(text).toContain(
      '<strong>Verified:</strong> this version’s content matches the fingerprint recorded on Sepolia',
    );
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(30 * 1024);
  });
});

describe('browsers elsewhere', () => {
  it('GET /dpp/{dppId} sends a browser to the page (303) and keeps JSON for everyone else', async () => {
    const browser = await get(`/dpp/${X1.id}`, { accept: BROWSER });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(`${apiUrl}/passport/${X1.id}`);
    expect(browser.headers.get('vary')).toBe('Accept');
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html']) {
      const api = await get(`/dpp/${X1.id}`, accept === undefined ? {} : { accept });
      expect(api.status).toBe(200);
      expect(api.headers.get('content-type')).toBe('application/json');
    }
  });

  it('the resolver’s default redirect, followed as a browser does, lands on the page', async () => {
    const response = await fetch(`${apiUrl}/01/08012345000012/21/X1-000123`, { headers: { accept: BROWSER } });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${apiUrl}/passport/${X1.id}`);
    expect(await response.text()).toContain(X1.name);
  });

  it('the resolver’s 400 and 404 and an unknown route are HTML pages for a browser, JSON otherwise', async () => {
    for (const [path, status, title] of [
      ['/01/08012345000013/21/X1-000123', 400, 'This address is not valid'],
      ['/01/09506000134352/21/NO-SUCH', 404, 'Passport not found'],
      ['/01/09506000134352', 404, 'Passport not found'],
      ['/no-such-route', 404, 'Not found'],
    ] as const) {
      const html = await get(path, { accept: BROWSER });
      expect(html.status).toBe(status);
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html.text).toContain(title);
      const api = await get(path);
      expect(api.status).toBe(status);
      expect(api.headers.get('content-type')).toBe('application/json');
    }
    expect((await get('/no-such-route')).body).toEqual({ error: 'Not Found' });
  });

  it('answers a 404 page in the language of ?lang= when the pages have it, as the passport page does', async () => {
    const unknown = '01a19656-4a8b-7000-8000-00000000ffff';
    // A GTIN no DPP has: an unknown serial of a known product walks up to the product (GS1), a redirect.
    for (const path of [`/passport/${unknown}?lang=it`, `/01/09999999999994/21/NO-SUCH?lang=it`]) {
      const html = await get(path, { accept: BROWSER, 'accept-language': 'de' });
      expect(html.status, path).toBe(404);
      expect(html.headers.get('content-language'), path).toBe('it');
      expect(html.text, path).toContain('Passaporto non trovato');
    }
    // A language the pages lack falls back to Accept-Language.
    const fallback = await get(`/passport/${unknown}?lang=xx`, { accept: BROWSER, 'accept-language': 'de' });
    expect(fallback.headers.get('content-language')).toBe('de');
  });
});

describe('GET /accept-invitation', () => {
  /** An invitation item written straight to the table, in the state a test needs. */
  async function putInvitation(fields: Record<string, unknown>): Promise<string> {
    const id = randomUUID().replace(/-/g, '').slice(0, 22);
    const { doc, tableName } = localTable();
    const item = {
      ...keys.invitation(id),
      type: ItemType.Invitation,
      id,
      company_id: demo.acme.company.id,
      email: 'page.invitee@example.com',
      wallet: `0x${'1'.repeat(40)}`,
      area: 'Quality',
      password_hash: 'scrypt$test',
      status: 'PENDING',
      invited_by: demo.acme.admin.id,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      ttl: 0,
      ...fields,
    };
    await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: [{ PutRequest: { Item: item } }] } }));
    return id;
  }

  it('shows a pending invitation with its accept button (a hashed script) and a no-JavaScript explanation; opening it accepts nothing', async () => {
    const id = await putInvitation({});
    const { status, headers, text } = await get(`/accept-invitation?invitationId=${id}`, { accept: BROWSER });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('set-cookie')).toBeNull();
    expect(headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'; connect-src 'self'/);
    expect(textOf(text)).toContain('page.invitee@example.com');
    expect(text).toContain(`data-invitation="${id}"`);
    expect(text).toContain('<noscript>');
    // Still pending: the page read it, and nothing else.
    const again = await get(`/accept-invitation?invitationId=${id}`, { accept: BROWSER });
    expect(again.text).toContain(`data-invitation="${id}"`);
  });

  it('says when an invitation was accepted or has expired (no button), and answers an unknown one 404', async () => {
    const accepted = await get(`/accept-invitation?invitationId=${await putInvitation({ status: 'ACCEPTED' })}`);
    expect(accepted.status).toBe(200);
    expect(accepted.text).toContain('Invitation accepted');
    expect(accepted.text).not.toContain('<script');
    const expired = await putInvitation({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await get(`/accept-invitation?invitationId=${expired}`)).text).toContain('Invitation expired');
    const unknown = await get(`/accept-invitation?invitationId=${'A'.repeat(22)}`, { accept: BROWSER });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Invitation not found');
    const missing = await get('/accept-invitation', { accept: BROWSER });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('This invitation link is not valid');
  });

  it('names the inviting company on a pending invitation, and a company-less older one still reads', async () => {
    const named = await get(
      `/accept-invitation?invitationId=${await putInvitation({ company_name: 'Acme & <Co> S.r.l.' })}`,
    );
    expect(named.text).toContain('<title>Join Acme &amp; &lt;Co&gt; S.r.l.</title>');
    expect(textOf(named.text).replace(/\s+/g, ' ')).toContain(
      'to become a member of Acme & <Co> S.r.l. on the Digital Product Passport',
    );
    const unnamed = await get(`/accept-invitation?invitationId=${await putInvitation({})}`);
    expect(textOf(unnamed.text).replace(/\s+/g, ' ')).toContain(
      'to become a member of a company on the Digital Product Passport',
    );
  });

  it('speaks of the invitation e-mail’s link, not of a scanned code, for a malformed id (in English, as its page)', async () => {
    const malformed = await get('/accept-invitation?invitationId=not-an-id', {
      accept: BROWSER,
      'accept-language': 'it',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-language')).toBe('en');
    expect(textOf(malformed.text)).toContain('Open the whole link of the invitation e-mail');
    expect(malformed.text).not.toMatch(/scann/i);
  });
});
