import { createHash } from 'node:crypto';
import jsonld from 'jsonld';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, call, demo, fixture, form, tokenFor } from '../support/api';
import { checkResponse } from '../support/contract-check';

/** The demo passport X1: published (it has no flag), two versions. */
const X1 = { id: demo.acme.dpp.id, gtin: '08012345000012', serial: 'X1-000123' };
const itemPath = `/01/${X1.gtin}/21/${X1.serial}`;
const LINKSET = 'application/linkset+json';

/** One request that does not follow redirects, checked against the contract like `call()`. */
async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(`${apiUrl}${path}`, { method, headers, redirect: 'manual' });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: JSON a test reads field by field
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a redirect or a 304: no body
  }
  checkResponse(method, path, response.status, body, response.headers);
  return { status: response.status, headers: response.headers, body, text };
}

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('GS1 Digital Link resolver', () => {
  let fresh: { id: string; gtin: string; serial: string };

  beforeAll(async () => {
    const token = await tokenFor('acme');
    const created = await call('POST', '/dpps', {
      token,
      ...json({
        name: 'Resolver e-bike',
        type: 'e-bike',
        code: '04006381333931',
        model_id: '01a21000-0000-7000-8000-00000000a0f1',
        language: 'en',
      }),
    });
    expect(created.status).toBe(200);
    expect(created.body.dpp.published).toBe(false);
    const [, gtin, , serial] = String(created.body.dpp.search_id).split('/');
    fresh = { id: created.body.dpp.id, gtin: gtin!, serial: serial! };
  });

  it('redirects an item URI (307) to the default link, with the linkset Link header and the query passed on', async () => {
    const { status, headers } = await get(`${itemPath}?utm=shelf&x=1`);
    expect(status).toBe(307);
    expect(headers.get('location')).toBe(`${apiUrl}/passport/${X1.id}?utm=shelf&x=1`);
    expect(headers.get('link')).toBe(`<${apiUrl}${itemPath}?linkType=linkset>; rel="linkset"; type="${LINKSET}"`);
    expect(headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(headers.get('set-cookie')).toBeNull();
    expect(headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers the RFC 9264 link set for ?linkType=linkset and for Accept: application/linkset+json', async () => {
    const byQuery = await get(`${itemPath}?linkType=linkset`);
    const byAccept = await get(itemPath, { accept: LINKSET });
    for (const { status, headers } of [byQuery, byAccept]) {
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe(LINKSET);
    }
    expect(byAccept.body).toEqual(byQuery.body);
    const [context, ...others] = byQuery.body.linkset;
    expect(others).toEqual([]);
    expect(context.anchor).toBe(`${apiUrl}${itemPath}`);
    expect(context.itemDescription).toBe(demo.acme.dpp.name);
    expect(Object.keys(context)).toEqual([
      'anchor',
      'itemDescription',
      'https://gs1.org/voc/pip',
      'https://gs1.org/voc/dpp',
      'https://test.uncefact.org/vocabulary/linkTypes/dpp',
      'describedby',
      'latest-version',
      'version-history',
      'https://gs1.org/voc/defaultLink',
    ]);
    for (const [relation, targets] of Object.entries(context)) {
      if (relation === 'anchor' || relation === 'itemDescription') continue;
      for (const target of targets as object[]) {
        // The default link has no optional attribute (GS1-Conformant Resolver): its href and title only.
        const keys = relation.endsWith('/defaultLink') ? ['href', 'title'] : ['href', 'hreflang', 'title', 'type'];
        expect({ relation, keys: Object.keys(target).sort() }).toEqual({ relation, keys });
      }
    }
    expect(context['version-history'].map((t: { href: string }) => t.href)).toEqual([
      `${apiUrl}/dpp/${X1.id}/versions/2`,
      `${apiUrl}/dpp/${X1.id}/versions/1`,
    ]);
    expect(context['https://gs1.org/voc/pip'][0]).toMatchObject({
      href: `${apiUrl}/passport/${X1.id}`,
      type: 'text/html',
      hreflang: ['en'],
    });
  });

  it('answers 304 without a body when If-None-Match names the ETag', async () => {
    const first = await get(`${itemPath}?linkType=linkset`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`${itemPath}?linkType=linkset`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('redirects ?linkType=<type> to that link, and answers 404 for a type the product has no link for', async () => {
    const latest = await get(`${itemPath}?linkType=latest-version`);
    expect(latest.status).toBe(307);
    expect(latest.headers.get('location')).toBe(`${apiUrl}/dpp/${X1.id}/versions/2`);
    const pip = await get(`${itemPath}?linkType=gs1:pip`);
    expect(pip.headers.get('location')).toBe(`${apiUrl}/passport/${X1.id}`);
    const unknown = await get(`${itemPath}?linkType=gs1:recipeInfo`);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'LINK_TYPE_NOT_FOUND' } });
    // A DPP without versions has no version links.
    await call('PUT', `/dpps/${fresh.id}`, { token: await tokenFor('acme'), ...json({ published: true }) });
    const none = await get(`/01/${fresh.gtin}/21/${fresh.serial}?linkType=latest-version`);
    expect(none.status).toBe(404);
    await call('PUT', `/dpps/${fresh.id}`, { token: await tokenFor('acme'), ...json({ published: false }) });
  });

  it('treats a GTIN in 8, 12 or 13 digits as its 14-digit form', async () => {
    // GS1's GTIN-13 example 4006381333931 is the 14-digit 04006381333931.
    const token = await tokenFor('acme');
    await call('PUT', `/dpps/${fresh.id}`, { token, ...json({ published: true }) });
    const item14 = await get(`/01/${fresh.gtin}/21/${fresh.serial}`);
    const item13 = await get(`/01/${fresh.gtin.slice(1)}/21/${fresh.serial}`);
    expect(item14.status).toBe(307);
    expect(item13.headers.get('location')).toBe(item14.headers.get('location'));
    // X1's GTIN-14 08012345000012 is the GTIN-13 8012345000012 and the GTIN-12 … no: its first two digits are not 0.
    // The GTIN-8 12345670 is 00000012345670, the GTIN-12 036000291452 is 00036000291452: both well formed.
    expect((await get('/01/12345670')).status).toBe(404);
    expect((await get('/01/036000291452')).status).toBe(404);
    await call('PUT', `/dpps/${fresh.id}`, { token, ...json({ published: false }) });
  });

  it('answers 400 for a malformed URI or a wrong check digit, 404 for an unknown product', async () => {
    expect((await get('/01/08012345000013/21/X1-000123')).status).toBe(400);
    expect((await get('/01/0801234500001/21/X1-000123')).status).toBe(400);
    expect((await get('/01/abc')).status).toBe(400);
    expect((await get(`/01/${X1.gtin}/21/${'S'.repeat(21)}`)).status).toBe(400);
    expect((await get('/01/00000000000017')).status).toBe(404);
    expect((await get('/01/00000000000017/21/X1-000123')).status).toBe(404);
  });

  it('answers an unpublished DPP exactly like an unknown one, on the resolver and on GET /dpp', async () => {
    const token = await tokenFor('acme');
    await call('PUT', `/dpps/${fresh.id}`, { token, ...json({ published: false }) });
    // Both walk up to the product (GS1-Conformant Resolver): 404 if the GTIN has no published DPP, else its newest.
    const item = await get(`/01/${fresh.gtin}/21/${fresh.serial}`);
    const unknown = await get(`/01/${fresh.gtin}/21/NO-SUCH-SERIAL`);
    expect(item.status).toBe(unknown.status);
    expect(item.headers.get('location')).toBe(unknown.headers.get('location'));
    expect(item.headers.get('location') ?? '').not.toContain(fresh.id);
    expect(item.body).toEqual(unknown.body);
    const view = await call('GET', `/dpp/${fresh.id}`);
    const missing = await call('GET', '/dpp/no-such-dpp');
    expect(view.status).toBe(404);
    expect(view.body).toEqual(missing.body);
    // Published, it answers; the owner's view shows the flag.
    const put = await call('PUT', `/dpps/${fresh.id}`, { token, ...json({ published: true }) });
    expect(put.body.dpp.published).toBe(true);
    expect((await get(`/01/${fresh.gtin}/21/${fresh.serial}`)).status).toBe(307);
    expect((await call('GET', `/dpp/${fresh.id}`)).status).toBe(200);
    await call('PUT', `/dpps/${fresh.id}`, { token, ...json({ published: false }) });
  });

  it('resolves a product URI to its newest published DPP, listing every published one under item', async () => {
    const { status, body } = await get(`/01/${X1.gtin}?linkType=linkset`);
    expect(status).toBe(200);
    const [context] = body.linkset;
    expect(context.anchor).toBe(`${apiUrl}/01/${X1.gtin}`);
    expect(context.item.map((t: { href: string }) => t.href)).toContain(`${apiUrl}${itemPath}`);
    expect((await get(`/01/${X1.gtin}`)).status).toBe(307);
  });

  it('answers the passport as JSON-LD that expands offline to the GTIN, the name, the latest version’s hash, the images and the manufacturer', async () => {
    const { status, headers, body } = await get(itemPath, { accept: 'application/ld+json' });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/ld+json');
    expect(headers.get('etag')).toBeTruthy();
    // gs1:dpp is a link like any other: a 307 to the item's URI, which answers JSON-LD to a client that asks for it.
    const viaLink = await get(`${itemPath}?linkType=gs1:dpp`);
    expect(viaLink.status).toBe(307);
    expect(viaLink.headers.get('location')).toBe(`${apiUrl}${itemPath}`);
    const offline = async (url: string) => {
      throw new Error(`the JSON-LD asked for a remote document: ${url}`);
    };
    const options = { documentLoader: offline as never, safe: true } as jsonld.Options.Expand;
    // biome-ignore lint/suspicious/noExplicitAny: expanded JSON-LD, read node by node
    const [product] = (await jsonld.expand(body, options)) as any[];
    const S = 'https://schema.org/';
    expect(product['@type']).toEqual([`${S}IndividualProduct`]);
    expect(product[`${S}gtin`][0]['@value']).toBe(X1.gtin);
    expect(product[`${S}name`][0]['@value']).toBe(demo.acme.dpp.name);
    const passport = product[`${S}hasDigitalProductPassport`][0];
    expect(passport['@type']).toContain('https://test.uncefact.org/vocabulary/untp/dpp/0/DigitalProductPassport');
    const version = passport[`${S}associatedMedia`][0];
    // The hash of the latest version document's bytes, as anyone fetching it computes it.
    const document = await fetch(`${apiUrl}/dpp/${X1.id}/versions/2`);
    const hash = createHash('sha256')
      .update(Buffer.from(await document.arrayBuffer()))
      .digest('hex');
    expect(version[`${S}contentUrl`][0]['@id']).toBe(`${apiUrl}/dpp/${X1.id}/versions/2`);
    expect(version[`${S}sha256`][0]['@value']).toBe(hash);
    // The images: their public addresses, which redirect to the bytes.
    const images = product[`${S}image`].map((i: { '@id': string }) => i['@id']);
    expect(images).toEqual(demo.acme.dpp.images.map((i) => `${apiUrl}/dpp/${X1.id}/images/${i.id}`));
    expect((await fetch(images[0])).status).toBe(200);
    // The manufacturer: the company's name and country.
    const maker = product[`${S}manufacturer`][0];
    expect(maker['@type']).toEqual([`${S}Organization`]);
    expect(maker[`${S}name`][0]['@value']).toBe(demo.acme.company.name);
    expect(maker[`${S}address`][0][`${S}addressCountry`][0]['@value']).toBe(demo.acme.company.country_code);
  });

  it('answers 304 without a body when If-None-Match names the JSON-LD’s ETag, with public caching', async () => {
    const first = await get(itemPath, { accept: 'application/ld+json' });
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const again = await get(itemPath, { accept: 'application/ld+json', 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('names the company and the images of a DPP made through the API, following its image changes', async () => {
    const token = await tokenFor('acme');
    const uri = `/01/${fresh.gtin}/21/${fresh.serial}`;
    const published = await call('PUT', `/dpps/${fresh.id}`, { token, ...json({ published: true }) });
    expect(published.status).toBe(200);
    const png = fixture('sample.png');
    const added = await call('POST', `/dpps/${fresh.id}/images`, {
      token,
      form: form({}, { bytes: png, name: 'a.png' }),
    });
    expect(added.status).toBe(200);
    const imageUrl = `${apiUrl}/dpp/${fresh.id}/images/${added.body.image.uuid}`;
    const withImage = await get(uri, { accept: 'application/ld+json' });
    expect(withImage.body.image).toEqual([imageUrl]);
    expect(withImage.body.manufacturer).toMatchObject({
      name: demo.acme.company.name,
      address: { addressCountry: demo.acme.company.country_code },
    });
    expect(Buffer.from(await (await fetch(imageUrl)).arrayBuffer()).equals(png)).toBe(true);
    const deleted = await call('DELETE', `/dpps/${fresh.id}/images/${added.body.image.uuid}`, { token });
    expect(deleted.status).toBe(200);
    expect((await get(uri, { accept: 'application/ld+json' })).body.image).toBeUndefined();
  });

  it('describes itself at /.well-known/gs1resolver', async () => {
    const { status, body } = await get('/.well-known/gs1resolver');
    expect(status).toBe(200);
    expect(body).toMatchObject({ resolverRoot: apiUrl, supportedPrimaryKeys: ['01'] });
    expect(body.supportedLinkType).toContainEqual({ namespace: 'https://gs1.org/voc/', prefix: 'gs1:' });
  });

  it('answers HEAD exactly like GET without the body: the redirect, the link set, the description, the 400 and the 404', async () => {
    const kept = ['location', 'link', 'etag', 'content-type', 'cache-control', 'access-control-allow-origin', 'vary'];
    const cases: [string, Record<string, string>][] = [
      [`${itemPath}?utm=shelf`, {}],
      [itemPath, { accept: LINKSET }],
      [`/01/${X1.gtin}?linkType=linkset`, {}],
      ['/.well-known/gs1resolver', {}],
      ['/01/08012345000013/21/X1-000123', {}],
      [`/01/${X1.gtin}/21/NO-SUCH-SERIAL`, {}],
    ];
    for (const [path, headers] of cases) {
      const [byGet, byHead] = (await Promise.all(
        ['GET', 'HEAD'].map((method) => fetch(`${apiUrl}${path}`, { method, headers, redirect: 'manual' })),
      )) as [Response, Response];
      const headersOf = (response: Response) => kept.map((name) => [name, response.headers.get(name)]);
      expect({ path, status: byHead.status, headers: headersOf(byHead) }).toEqual({
        path,
        status: byGet.status,
        headers: headersOf(byGet),
      });
      // A redirect has no body either way; every other GET here has one.
      if (byGet.status !== 307) expect(await byGet.text()).not.toBe('');
      expect({ path, body: await byHead.text() }).toEqual({ path, body: '' });
    }
  });

  it('answers OPTIONS with 204, the methods it allows and CORS for any origin, before reading or checking anything', async () => {
    for (const path of [itemPath, `/01/${X1.gtin}`, '/.well-known/gs1resolver', '/01/abc', '/01/00000000000017']) {
      const response = await fetch(`${apiUrl}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://any-shop.example', 'access-control-request-method': 'GET' },
      });
      expect({ path, status: response.status, body: await response.text() }).toEqual({ path, status: 204, body: '' });
      expect(
        Object.fromEntries(
          ['allow', 'access-control-allow-origin', 'access-control-allow-methods'].map((name) => [
            name,
            response.headers.get(name),
          ]),
        ),
      ).toEqual({
        allow: 'GET, HEAD, OPTIONS',
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      });
      expect(response.headers.get('access-control-allow-headers')).toContain('accept-language');
    }
    // A route that declares neither stays as it was: the catch-all's 404.
    expect((await fetch(`${apiUrl}/dpp/${X1.id}`, { method: 'HEAD' })).status).toBe(404);
  });
});
