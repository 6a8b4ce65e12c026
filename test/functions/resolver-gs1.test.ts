import { describe, expect, it } from 'vitest';
import { apiUrl, demo } from '../support/api';
import { checkResponse } from '../support/contract-check';

/**
 * The rules of GS1-Conformant Resolver 1.2 that GS1's resolver test suite checks, each as a test of
 * our own over HTTP, on the demo passport X1 (item URI, product URI, and an item URI with a lot).
 */
const X1 = { id: demo.acme.dpp.id, gtin: '08012345000012', serial: 'X1-000123' };
const item = `/01/${X1.gtin}/21/${X1.serial}`;
const product = `/01/${X1.gtin}`;
const withLot = `/01/${X1.gtin}/10/KL8G/21/${X1.serial}`;
const LINKSET = 'application/linkset+json';
// biome-ignore lint/suspicious/noExplicitAny: an answer's JSON, read field by field as GS1's schema does
type Json = any;
const ORIGIN = { origin: 'https://scanner.example' };

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${apiUrl}${path}`, { headers, redirect: 'manual' });
  const text = await response.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a redirect: no body
  }
  checkResponse('GET', path, response.status, body, response.headers);
  return { status: response.status, headers: response.headers, body };
}

/** GS1's rules for a link set: what its schema (gs1-linkset-schema.json) requires, written out. */
function expectGs1Linkset(body: Json) {
  expect(Object.keys(body)).toEqual(['linkset']);
  for (const context of body.linkset) {
    expect(context.anchor).toMatch(/^https?:\/\/[a-zA-Z0-9./]+/);
    expect(typeof context.itemDescription).toBe('string');
    for (const [key, targets] of Object.entries<Json[]>(context)) {
      if (key === 'anchor' || key === 'itemDescription') continue;
      // A relation is an IANA name or a URI.
      expect(key).toMatch(/^([a-z-]+$)|(^https?:\/\/[a-zA-Z0-9./]+$)/);
      for (const target of targets) {
        expect(target.href).toMatch(/^https?:\/\/[a-zA-Z0-9./]+/);
        expect(typeof target.title).toBe('string');
        for (const attribute of Object.keys(target)) {
          expect(['href', 'title', 'type', 'hreflang', 'context', 'fwqs', 'public']).toContain(attribute);
        }
        if (target.type !== undefined) expect(target.type).toMatch(/\w+\/[-+.\w]+/);
        for (const lang of target.hreflang ?? []) expect(lang).toMatch(/(^\w{2}$)|(^\w{2}-\w{2}$)/);
      }
    }
  }
}

describe('GS1-Conformant Resolver: the description file', () => {
  it('is readable by a page on any origin, and its link types’ prefixes are CURIE prefixes with their colon', async () => {
    const { status, headers, body } = await get('/.well-known/gs1resolver', ORIGIN);
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(body.supportedLinkType.length).toBeGreaterThan(0);
    for (const { namespace, prefix } of body.supportedLinkType) {
      expect(prefix).toMatch(/^[a-zA-Z_][A-Za-z0-9_-]*?:$/);
      expect(() => new URL(namespace)).not.toThrow();
    }
    expect(body.supportedPrimaryKeys).toEqual(['01']);
    expect(body.jsonLdContextLocation).toBe('https://ref.gs1.org/standards/resolver/linkset-context');
  });
});

describe('GS1-Conformant Resolver: the link set', () => {
  it.each([item, product, withLot])(
    '%s: follows GS1’s link set rules, each entry described, with a Link to its JSON-LD context',
    async (path) => {
      const { status, headers, body } = await get(path, { accept: LINKSET });
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe(LINKSET);
      expectGs1Linkset(body);
      expect(body.linkset[0].anchor).toBe(`${apiUrl}${path}`);
      // The product's link set is its newest published DPP's: other test files may publish under the same GTIN.
      if (path !== product) expect(body.linkset[0].itemDescription).toBe(demo.acme.dpp.name);
      else expect(body.linkset[0].itemDescription).not.toBe('');
      const contextLink = (headers.get('link') ?? '').split(',').find((link) => link.includes('json-ld#context'));
      expect(contextLink).toContain('rel="http://www.w3.org/ns/json-ld#context"');
      expect(contextLink).toContain('type="application/ld+json"');
    },
  );

  it('gives the default link its href and title only (no optional attribute)', async () => {
    const { body } = await get(`${item}?linkType=linkset`);
    const [defaultLink, ...others] = body.linkset[0]['https://gs1.org/voc/defaultLink'];
    expect(others).toEqual([]);
    expect(Object.keys(defaultLink).sort()).toEqual(['href', 'title']);
    expect((await get(item)).headers.get('location')).toBe(defaultLink.href);
  });
});

describe('GS1-Conformant Resolver: key qualifiers of 01 (22, 10, 21)', () => {
  it('resolves an item URI with a lot or a variant before the serial as the item', async () => {
    const plain = await get(item);
    for (const path of [
      withLot,
      `/01/${X1.gtin}/22/V1/21/${X1.serial}`,
      `/01/${X1.gtin}/22/V1/10/KL8G/21/${X1.serial}`,
    ]) {
      const { status, headers } = await get(path);
      expect({ path, status, location: headers.get('location') }).toEqual({
        path,
        status: 307,
        location: plain.headers.get('location'),
      });
      expect(headers.get('link')).toBe(`<${apiUrl}${path}?linkType=linkset>; rel="linkset"; type="${LINKSET}"`);
    }
  });

  it('walks up to the product for a lot or a variant alone, and for a serial no published DPP has', async () => {
    const productAnswer = await get(product);
    expect(productAnswer.status).toBe(307);
    for (const path of [
      `${product}/10/KL8G`,
      `${product}/22/V1`,
      `${product}/22/V1/10/KL8G`,
      `${product}/21/NO-SUCH`,
    ]) {
      const { status, headers } = await get(path);
      expect({ path, status, location: headers.get('location') }).toEqual({
        path,
        status: 307,
        location: productAnswer.headers.get('location'),
      });
      const linkset = await get(`${path}?linkType=linkset`);
      expect(linkset.body.linkset[0].anchor).toBe(`${apiUrl}${product}`);
    }
  });

  it.each([
    [`${item}/foo`, 'path'],
    [`${product}/foo`, 'path'],
    [`/01/${X1.gtin}/21/${X1.serial}/10/KL8G`, 'order'],
    [`/01/${X1.gtin}/10/A/10/B`, 'twice'],
    [`/01/${X1.gtin}/99/x`, 'qualifier'],
    [`/01/${X1.gtin}/10/${'L'.repeat(21)}`, 'lot'],
    [`/01/${X1.gtin}//21/${X1.serial}`, 'path'],
  ])('answers 400 naming the problem for %s, which is no GS1 Digital Link URI', async (path, word) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(body.details)).toMatch(new RegExp(word === 'path' ? 'pairs|qualifier' : word));
  });

  it.each([item, product, withLot])('%s: tolerates a trailing slash, answering exactly as without it', async (path) => {
    const [without, slash] = await Promise.all([get(path), get(`${path}/`)]);
    expect(slash.status).toBe(without.status);
    expect(slash.headers.get('location')).toBe(without.headers.get('location'));
  });
});

describe('GS1-Conformant Resolver: link types', () => {
  it('takes the GS1 vocabulary’s link types as gs1:, https://gs1.org/voc/ and its current https://ref.gs1.org/voc/', async () => {
    const locations = await Promise.all(
      ['gs1:pip', 'https://gs1.org/voc/pip', 'https://ref.gs1.org/voc/pip', 'iana:describedby'].map(async (type) => {
        const { status, headers } = await get(`${item}?linkType=${encodeURIComponent(type)}`);
        expect({ type, status }).toEqual({ type, status: 307 });
        return headers.get('location');
      }),
    );
    expect(new Set(locations.slice(0, 3))).toEqual(new Set([`${apiUrl}/passport/${X1.id}`]));
    expect(locations[3]).toBe(`${apiUrl}/dpp/${X1.id}`);
  });

  it('redirects every link type the link set lists, and answers 404 for one it does not', async () => {
    const { body } = await get(`${item}?linkType=linkset`);
    for (const [type, targets] of Object.entries<Json[]>(body.linkset[0])) {
      if (type === 'anchor' || type === 'itemDescription' || targets.length !== 1) continue;
      const { status, headers } = await get(`${item}?linkType=${encodeURIComponent(type)}`);
      expect({ type, status, location: headers.get('location') }).toEqual({
        type,
        status: 307,
        location: targets[0].href,
      });
    }
    expect((await get(`${item}?linkType=gs1:nosuchlt`)).status).toBe(404);
  });

  it('answers ?linkType=item at the product level: the item, or the choice among several', async () => {
    const { body } = await get(`${product}?linkType=linkset`);
    const items = body.linkset[0].item.map((target: { href: string }) => target.href);
    expect(items).toContain(`${apiUrl}${item}`);
    // Other test files may publish more items of the same GTIN, in other languages: the answer is the one
    // item Accept-Language picks (307), or the choice among those it cannot tell apart (300).
    const answer = await get(`${product}?linkType=item`, { 'accept-language': 'en' });
    if (answer.status === 307) {
      expect(items).toContain(answer.headers.get('location'));
      if (items.length === 1) expect(answer.headers.get('location')).toBe(`${apiUrl}${item}`);
    } else {
      expect(answer.status).toBe(300);
      const offered = answer.body.linkset[0].item.map((t: { href: string }) => t.href);
      expect(offered.length).toBeGreaterThan(1);
      for (const href of offered) expect(items).toContain(href);
    }
  });

  it('answers 300 Multiple Choices for version-history, whose version documents nothing in the request tells apart', async () => {
    const { status, headers, body } = await get(`${item}?linkType=version-history`, {
      accept: 'application/json',
      'accept-language': 'en',
    });
    expect(status).toBe(300);
    expect(headers.get('content-type')).toBe(LINKSET);
    expectGs1Linkset(body);
    const hrefs = body.linkset[0]['version-history'].map((target: { href: string }) => target.href);
    expect(hrefs).toEqual([`${apiUrl}/dpp/${X1.id}/versions/2`, `${apiUrl}/dpp/${X1.id}/versions/1`]);
    // The newest is the preferred choice; latest-version is the one link.
    expect(headers.get('location')).toBe(hrefs[0]);
    expect((await get(`${item}?linkType=latest-version`)).headers.get('location')).toBe(hrefs[0]);
  });
});

describe('UNTP discovery: the passport as a credential through the resolver', () => {
  const UNTP_DPP = 'https://test.uncefact.org/vocabulary/linkTypes/dpp';

  it('lists untp:dpp, the latest version’s credential as application/vc+jwt, and describes the untp: prefix', async () => {
    const { body } = await get(`${item}?linkType=linkset`);
    const [context] = body.linkset;
    const latest = context['latest-version'][0].href;
    expect(context[UNTP_DPP]).toEqual([
      expect.objectContaining({ href: latest, type: 'application/vc+jwt', hreflang: ['en'] }),
    ]);
    expectGs1Linkset(body);
    const description = await get('/.well-known/gs1resolver');
    expect(description.body.supportedLinkType).toContainEqual({
      namespace: 'https://test.uncefact.org/vocabulary/linkTypes/',
      prefix: 'untp:',
    });
  });

  it('redirects ?linkType=untp:dpp to the latest version, whose URI answers the credential to Accept: application/vc+jwt', async () => {
    const { status, headers } = await get(`${item}?linkType=untp:dpp`);
    expect(status).toBe(307);
    const location = headers.get('location') ?? '';
    const { body } = await get(`${item}?linkType=linkset`);
    expect(location).toBe(body.linkset[0]['latest-version'][0].href);
    const credential = await fetch(location, { headers: { accept: 'application/vc+jwt' } });
    expect(credential.headers.get('content-type')).toBe('application/vc+jwt');
    const payload = JSON.parse(
      Buffer.from((await credential.text()).split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    expect(payload).toMatchObject({ id: location, type: ['DigitalProductPassport', 'VerifiableCredential'] });
  });
});

describe('GS1-Conformant Resolver: OPTIONS', () => {
  it.each([item, product, withLot])(
    '%s: names the link set of the URI asked, with the methods and CORS',
    async (path) => {
      const response = await fetch(`${apiUrl}${path}`, {
        method: 'OPTIONS',
        headers: { ...ORIGIN, 'access-control-request-method': 'GET' },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      const link = response.headers.get('link') ?? '';
      expect(link).toContain('rel="linkset"');
      const target = new URL(/^<([^>]*)>/.exec(link)![1]!, `${apiUrl}${path}`).href;
      expect(target).toBe(`${apiUrl}${path}?linkType=linkset`);
    },
  );
});

describe('GS1-Conformant Resolver: a scanner app in a browser on another origin', () => {
  it('reads the 307’s Location and Link, and the link set’s, and follows it to the passport page', async () => {
    for (const path of [item, `${item}?linkType=linkset`]) {
      const { headers } = await get(path, ORIGIN);
      expect(headers.get('access-control-allow-origin')).toBe('*');
      const exposed = (headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(['link', 'location', 'etag']));
    }
    const page = await fetch(`${apiUrl}/passport/${X1.id}`, { headers: ORIGIN });
    expect(page.status).toBe(200);
    expect(page.headers.get('access-control-allow-origin')).toBe('*');
    expect(page.headers.get('access-control-expose-headers')).toContain('content-language');
  });
});

describe('GS1-Conformant Resolver: the query string of a Digital Link URI', () => {
  it('passes every key=value pair on to the passport page, which takes campaign tags and refuses any other name', async () => {
    const tagged = await get(`${item}?utm_source=shelf&utm_campaign=spring`);
    expect(tagged.status).toBe(307);
    const location = new URL(tagged.headers.get('location') ?? '');
    expect(location.searchParams.get('utm_source')).toBe('shelf');
    const page = await fetch(location, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);

    const unknown = await get(`${item}?foo=bar`);
    expect(unknown.headers.get('location')).toContain('foo=bar');
    const refused = await fetch(unknown.headers.get('location') ?? '', { headers: { accept: 'application/json' } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('foo');
  });
});
