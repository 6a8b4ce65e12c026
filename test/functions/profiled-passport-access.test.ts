import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { profileById } from '../../lib/profiles/catalogue';
import { type Attribute, attributesOf } from '../../lib/profiles/format';
import { call, demo, json, putTestDpp, tokenFor } from '../support/api';
import { fullAspects, shows } from '../support/profiles';

/**
 * Access per attribute (docs/profiles.md, Reading at a tier), generated from the battery profile:
 * one published EV passport holding every one of its 93 attributes, read over HTTP by an anonymous
 * reader, a `legitimate_interest` grant and an `authority` grant on every public route. Each route
 * shows an attribute if and only if the reader's tier includes the attribute's; a version's public
 * document (and its credential) holds the public ones, each tier document its own tier's.
 */
const acme = demo.acme;
const profile = profileById('battery-passport')!;
const attributes = attributesOf(profile);
const stored = fullAspects(profile);
const RANK = { public: 0, legitimate_interest: 1, authority: 2 } as const;
type Reader = keyof typeof RANK;
const READERS: Reader[] = ['public', 'legitimate_interest', 'authority'];

/** What each reader got from each route, as aspect documents (the page: the attribute ids it shows). */
interface Answers {
  dpp: Record<string, unknown>;
  aspects: Record<string, unknown>;
  page: string;
  /** A version's public document, or through a grant its own tier's document. */
  version: Record<string, unknown>;
}
const answers = {} as Record<Reader, Answers>;
const anonymous = { credential: {} as Record<string, unknown>, linkset: '', jsonLd: '' };
let dppId = '';

beforeAll(async () => {
  const token = await tokenFor('acme');
  const serial = randomUUID().slice(0, 8);
  const dpp = await putTestDpp('profiled', {
    company_id: acme.company.id,
    model_id: acme.dpp.model_id,
    code: '08012345678907',
    search_id: `01/08012345678907/21/${serial}`,
    profile: profile.id,
    category: 'ev',
    aspects: stored,
  });
  dppId = dpp.id;
  // A PUT writes the Digital Link entry (the link set and JSON-LD answer from it).
  expect((await call('PUT', `/dpps/${dppId}`, { token, ...json({ published: true }) })).status).toBe(200);
  const version = await call('POST', `/version/${dppId}/create`, { token, ...json({ dppId, versionId: 'v1' }) });
  expect(version.status).toBe(200);
  const grant = async (tier: Reader) => {
    const created = await call('POST', `/dpps/${dppId}/access-grants`, {
      token,
      ...json({ tier, audience: `reader-${tier}-${serial}@example.com`, expires_in_days: 1 }),
    });
    expect(created.status).toBe(201);
    return new URL(created.body.link).searchParams.get('access')!;
  };
  const access: Record<Reader, string | undefined> = {
    public: undefined,
    legitimate_interest: await grant('legitimate_interest'),
    authority: await grant('authority'),
  };
  await Promise.all(
    READERS.map(async (reader) => {
      const query = access[reader] ? `?access=${access[reader]}` : '';
      const got = async (path: string) => {
        const reply = await call('GET', `${path}${query}`);
        expect(reply.status, path).toBe(200);
        return reply.body;
      };
      const aspects = Object.fromEntries(
        await Promise.all(profile.aspects.map(async (a) => [a.id, await got(`/dpp/${dppId}/aspects/${a.id}`)])),
      );
      const document = await got(`/dpp/${dppId}/versions/1`);
      const version = typeof document === 'string' ? JSON.parse(document) : document;
      answers[reader] = {
        dpp: (await got(`/dpp/${dppId}`)).dpp.aspects ?? {},
        aspects,
        page: await got(`/passport/${dppId}`),
        version: (reader === 'public' ? version.profiled?.aspects : version.aspects) ?? {},
      };
    }),
  );
  const jwt = (await call('GET', `/dpp/${dppId}/versions/1`, { headers: { accept: 'application/vc+jwt' } })).body;
  const payload = JSON.parse(Buffer.from(String(jwt).split('.')[1] ?? '', 'base64url').toString('utf8'));
  anonymous.credential = payload.credentialSubject.product.characteristics.aspects;
  const text = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));
  anonymous.linkset = text((await call('GET', `/${dpp.search_id}?linkType=linkset`)).body);
  anonymous.jsonLd = text(
    (await call('GET', `/${dpp.search_id}`, { headers: { accept: 'application/ld+json' } })).body,
  );
}, 30_000);

/** Whether the page shows the attribute: its own entry, or for one made of others, theirs. */
const onPage = (page: string, attribute: Attribute): boolean =>
  attribute.composedOf
    ? attribute.composedOf.every((id) => page.includes(`id="a-${id}"`))
    : page.includes(`id="a-${attribute.id}"`);

/** Whether the attribute's value lies inside the value of an attribute of `tier` (a list holding it whole). */
const within = (attribute: Attribute & { aspect: string }, tier: string) =>
  attributes.some(
    (other) =>
      other !== attribute &&
      other.aspect === attribute.aspect &&
      other.tier === tier &&
      !other.item &&
      other.pointer !== undefined &&
      (attribute.pointer === other.pointer || attribute.pointer?.startsWith(`${other.pointer}/`)),
  );

/** The texts only this attribute's value holds (its id is in each generated text). */
const markers = (attribute: Attribute & { aspect: string }) =>
  JSON.stringify(stored[attribute.aspect]).match(new RegExp(`${attribute.id}[a-zA-Z-]*`, 'g')) ?? [];

describe.each(attributes.map((a) => [`${a.id} (${a.tier})`, a] as const))('the attribute %s', (_, attribute) => {
  it.each(READERS)('is on every public route read at %s iff that tier includes its own', (reader) => {
    const expected = RANK[attribute.tier] <= RANK[reader];
    const got = answers[reader];
    expect(shows(profile, attribute, got.dpp, stored), 'GET /dpp/{dppId}').toBe(expected);
    expect(shows(profile, attribute, got.aspects, stored), 'GET /dpp/{dppId}/aspects/{aspect}').toBe(expected);
    expect(onPage(got.page, attribute), 'GET /passport/{dppId}').toBe(expected);
  });

  it('is in a version’s public document (and its credential) iff public, and in its own tier’s document alone', () => {
    const isPublic = attribute.tier === 'public';
    expect(shows(profile, attribute, answers.public.version, stored), 'public document').toBe(isPublic);
    expect(shows(profile, attribute, anonymous.credential, stored), 'credential').toBe(isPublic);
    for (const tier of ['legitimate_interest', 'authority'] as const) {
      if (attribute.composedOf) continue;
      // A tier's document holds its attributes whole, a public value inside one of them included.
      const expected = attribute.tier === tier || within(attribute, tier);
      expect(shows(profile, attribute, answers[tier].version, stored), `${tier} document`).toBe(expected);
    }
  });

  it('is in neither the link set nor the JSON-LD, which hold no attribute values', () => {
    for (const marker of markers(attribute)) {
      expect(anonymous.linkset).not.toContain(marker);
      expect(anonymous.jsonLd).not.toContain(marker);
    }
  });
});

describe('a profiled passport read anonymously', () => {
  it('says its profile, category and completeness, and removes restricted attributes without a trace', async () => {
    const reply = await call('GET', `/dpp/${dppId}`);
    expect(reply.body.dpp).toMatchObject({
      profile: { id: profile.id, version: profile.version },
      category: 'ev',
      complete: true,
    });
    const text = JSON.stringify(reply.body.dpp.aspects);
    expect(text).not.toContain('null');
    expect(text).not.toContain('{}');
    expect(text).not.toContain('[]');
  });

  it('answers an aspect its profile lacks, and a DPP without a profile, 404 ASPECT_NOT_FOUND', async () => {
    const unknown = await call('GET', `/dpp/${dppId}/aspects/NoSuchAspect`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('ASPECT_NOT_FOUND');
    const plain = await call('GET', `/dpp/${acme.dpp.id}/aspects/${profile.aspects[0]!.id}`);
    expect(plain.status).toBe(404);
    expect(plain.body.code).toBe('ASPECT_NOT_FOUND');
  });

  it('refuses an unknown query parameter, naming it', async () => {
    const reply = await call('GET', `/dpp/${dppId}/aspects/${profile.aspects[0]!.id}?tier=authority`);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('tier');
  });
});
