import { createHash, randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '../../lib/dpps/gtin';
import { profileById } from '../../lib/profiles/catalogue';
import {
  call,
  demo,
  download,
  json,
  putTestDpp,
  putVerifiedTestCompany,
  type Reply,
  type TestCompany,
  tokenFor,
} from '../support/api';
import { fullAspects } from '../support/profiles';

/**
 * The passport API of EN 18222 under /v1 (docs/behaviour.md, The passport API): each of its
 * operations over HTTP (every answer checked against its row by `call`), a read by date at three
 * instants against the versions its writes archived, and the tiers of an element read through a
 * grant. RegisterProductDPP is PUT /dpps/{dppId}/registration (test/functions/registry.test.ts).
 */

/** A GTIN-14 of this run alone: 13 random digits and their GS1 check digit. */
const freshGtin = () => {
  const body = `0${String(randomInt(10 ** 11, 10 ** 12))}`;
  return `${body}${gs1CheckDigit(body)}`;
};

const merge = (body: unknown) => json(body, { 'content-type': 'application/merge-patch+json' });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The fields a 400 names (a field may have more than one problem). */
const named = (reply: Reply) => [...new Set(reply.body.details.map((d: { path: string }) => d.path))];

let company: TestCompany;
const gtin = freshGtin();
/** The passport the lifecycle tests make, and the three versions its writes archived. */
let dppId = '';
const versions: Array<{ number: number; hash: string; createdAt: string; uri: string; description: string }> = [];

beforeAll(async () => {
  company = await putVerifiedTestCompany('passport-api');
});

describe('the lifecycle: CreateDPP, UpdateDPPById, UpdateDataElement, each archived as a version', () => {
  it('POST /v1/dpps creates a draft passport with its EN 18223 header, archived as version 1', async () => {
    const created = await call('POST', '/v1/dpps', {
      token: company.token,
      ...json({
        name: 'EN 18222 bike',
        description: 'first',
        type: 'bike',
        code: gtin,
        model_id: randomUUID(),
        language: 'en',
        facility_id: '8012345000104',
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const passport = created.body;
    dppId = passport.digitalProductPassportId;
    expect(passport).toMatchObject({
      granularity: 'item',
      dppSchemaVersion: '1.0.0',
      dppStatus: 'draft',
      economicOperatorId: null,
      facilityId: '8012345000104',
      contentSpecificationIds: [],
      elements: { name: 'EN 18222 bike', description: 'first', type: 'bike', language: 'en', commodityCode: null },
      version: { number: 1 },
    });
    expect(passport.uniqueProductIdentifier).toMatch(new RegExp(`/01/${gtin}/21/[^/]+$`));
    versions.push({ ...passport.version, description: 'first' });
  });

  it('POST /v1/dpps refuses a malformed body naming the field, and writes nothing', async () => {
    const reply = await call('POST', '/v1/dpps', {
      token: company.token,
      ...json({ name: 'x', type: 'bike', code: '123', model_id: randomUUID(), language: 'en' }),
    });
    expect(reply.status).toBe(400);
    expect(named(reply)).toEqual(['code']);
  });

  it('PATCH /v1/dpps/{dppId} merges a patch, publishes, and archives the change as version 2', async () => {
    const reply = await call('PATCH', `/v1/dpps/${dppId}`, {
      token: company.token,
      ...merge({ dppStatus: 'active', elements: { description: 'second', commodityCode: '87116010' } }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      dppStatus: 'active',
      elements: { description: 'second', commodityCode: '87116010', name: 'EN 18222 bike' },
      version: { number: 2 },
    });
    versions.push({ ...reply.body.version, description: 'second' });
  });

  it('PATCH refuses what it cannot change, naming it, and a patch of the fields and an aspect at once', async () => {
    const unknown = await call('PATCH', `/v1/dpps/${dppId}`, {
      token: company.token,
      ...merge({ elements: { colour: 'red' } }),
    });
    expect(unknown.status).toBe(400);
    expect(named(unknown)).toEqual(['elements.colour']);
    const both = await call('PATCH', `/v1/dpps/${dppId}`, {
      token: company.token,
      ...merge({ elements: { name: 'n', aspects: { GeneralProductInformation: {} } } }),
    });
    expect(both.status).toBe(400);
    expect(named(both)).toEqual(['elements.aspects']);
    const nullName = await call('PATCH', `/v1/dpps/${dppId}`, {
      token: company.token,
      ...merge({ elements: { name: null } }),
    });
    expect(nullName.status).toBe(400);
    expect(named(nullName)).toEqual(['elements.name']);
    const text = await call('PATCH', `/v1/dpps/${dppId}`, {
      token: company.token,
      body: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('PUT /v1/dpps/{dppId}/elements/{elementPath} replaces one element, archived as version 3', async () => {
    const reply = await call('PUT', `/v1/dpps/${dppId}/elements/description`, {
      token: company.token,
      ...json({ value: 'third' }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ elements: { description: 'third' }, version: { number: 3 } });
    versions.push({ ...reply.body.version, description: 'third' });
  });

  it('PUT of an element refuses a path it cannot change (elementPath) and a bad value (value)', async () => {
    const path = await call('PUT', `/v1/dpps/${dppId}/elements/lastUpdate`, {
      token: company.token,
      ...json({ value: 'x' }),
    });
    expect(path.status).toBe(400);
    expect(named(path)).toEqual(['elementPath']);
    const value = await call('PUT', `/v1/dpps/${dppId}/elements/name`, { token: company.token, ...json({ value: 7 }) });
    expect(value.status).toBe(400);
    expect(named(value)).toEqual(['value']);
    const aspectless = await call('PUT', `/v1/dpps/${dppId}/elements/aspects/GeneralProductInformation/x`, {
      token: company.token,
      ...json({ value: 1 }),
    });
    expect(aspectless.status).toBe(409);
    expect(aspectless.body.code).toBe('PROFILE_REQUIRED');
  });

  it('GET /v1/dppsByIdAndDate answers, at three instants, the three versions with their hashes', async () => {
    expect(versions.map((v) => v.number)).toEqual([1, 2, 3]);
    for (const version of versions) {
      const reply = await call('GET', `/v1/dppsByIdAndDate/${dppId}?date=${encodeURIComponent(version.createdAt)}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.version).toEqual({
        number: version.number,
        hash: version.hash,
        createdAt: version.createdAt,
        uri: version.uri,
      });
      expect(reply.body.elements.description).toBe(version.description);
      // The hash is the SHA-256 of the version's canonical document, as its uri serves it.
      const document = await download(version.uri);
      expect(document.status).toBe(200);
      expect(sha256(document.bytes)).toBe(version.hash);
    }
    const before = new Date(Date.parse(versions[0]!.createdAt) - 1).toISOString();
    const none = await call('GET', `/v1/dppsByIdAndDate/${dppId}?date=${encodeURIComponent(before)}`);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('VERSION_NOT_FOUND');
    const offset = await call('GET', `/v1/dppsByIdAndDate/${dppId}?date=2999-01-01T01:00:00%2B01:00`);
    expect(offset.body.version.number).toBe(3);
    const bad = await call('GET', `/v1/dppsByIdAndDate/${dppId}?date=yesterday`);
    expect(bad.status).toBe(400);
    expect(named(bad)).toEqual(['date']);
  });

  it('GET /v1/dpps/{dppId} reads the published passport, compressed by default and full on request', async () => {
    const compressed = await call('GET', `/v1/dpps/${dppId}`);
    expect(compressed.status).toBe(200);
    expect(compressed.body).toMatchObject({ digitalProductPassportId: dppId, dppStatus: 'active' });
    expect(compressed.body.elements).not.toHaveProperty('files');
    const full = await call('GET', `/v1/dpps/${dppId}?representation=full`);
    expect(full.body.elements).toMatchObject({ description: 'third', files: [], cards: [], images: [] });
    const unknown = await call('GET', `/v1/dpps/${dppId}?format=json`);
    expect(unknown.status).toBe(400);
    expect(named(unknown)).toEqual(['format']);
    const representation = await call('GET', `/v1/dpps/${dppId}?representation=tiny`);
    expect(representation.status).toBe(400);
    expect(named(representation)).toEqual(['representation']);
  });

  it('GET /v1/dpps/{dppId}/elements/{elementPath} reads one element; a path naming nothing is 404', async () => {
    const name = await call('GET', `/v1/dpps/${dppId}/elements/name`);
    expect(name.status).toBe(200);
    expect(name.body).toEqual({ path: 'name', value: 'EN 18222 bike' });
    const files = await call('GET', `/v1/dpps/${dppId}/elements/files?representation=full`);
    expect(files.body.value).toEqual([]);
    const compressed = await call('GET', `/v1/dpps/${dppId}/elements/files`);
    expect(compressed.status).toBe(404);
    const missing = await call('GET', `/v1/dpps/${dppId}/elements/name/first`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('ELEMENT_NOT_FOUND');
    const malformed = await call('GET', `/v1/dpps/${dppId}/elements/na%20me`);
    expect(malformed.status).toBe(400);
    expect(named(malformed)).toEqual(['elementPath']);
  });

  it('GET /v1/dppsByProductId/{productId} and POST /v1/dppsByProductIds find the passport by its GTIN, paged', async () => {
    const byProduct = await call('GET', `/v1/dppsByProductId/${gtin}`);
    expect(byProduct.status).toBe(200);
    expect(byProduct.body.digitalProductPassportId).toBe(dppId);
    const unknown = freshGtin();
    expect((await call('GET', `/v1/dppsByProductId/${unknown}`)).status).toBe(404);
    const first = await call('POST', '/v1/dppsByProductIds', { ...json({ productIds: [gtin, unknown], limit: 1 }) });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ dpps: [{ productId: gtin, dppIds: [dppId] }], nextPage: '1' });
    const second = await call('POST', '/v1/dppsByProductIds', {
      ...json({ productIds: [gtin, unknown], limit: 1, page: first.body.nextPage }),
    });
    expect(second.body).toEqual({ dpps: [{ productId: unknown, dppIds: [] }] });
    const bad = await call('POST', '/v1/dppsByProductIds', { ...json({ productIds: [gtin, '12345'] }) });
    expect(bad.status).toBe(400);
    expect(named(bad)).toEqual(['productIds.1']);
  });

  it('DELETE /v1/dpps/{dppId} archives: withdrawn from the public, every version kept and a new one taken', async () => {
    const other = await call('DELETE', `/v1/dpps/${dppId}`, { token: await tokenFor('globex') });
    expect(other.status).toBe(404);
    const reply = await call('DELETE', `/v1/dpps/${dppId}`, { token: company.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ dppStatus: 'archived', version: { number: 4 } });
    expect((await call('GET', `/v1/dpps/${dppId}`)).status).toBe(404);
    const listed = await call('GET', `/view-dpp-versions/${dppId}`, { token: company.token });
    expect(listed.status).toBe(200);
    expect(listed.body.versions.map((v: { version: number }) => Number(v.version))).toEqual([1, 2, 3, 4]);
    // The company publishes it again through the same API.
    const back = await call('PATCH', `/v1/dpps/${dppId}`, { token: company.token, ...merge({ dppStatus: 'active' }) });
    expect(back.body).toMatchObject({ dppStatus: 'active', version: { number: 5 } });
  });
});

describe('an element read through an access grant', () => {
  const profile = profileById('battery-passport')!;
  let batteryId = '';
  const access: Record<'legitimate_interest' | 'authority', string> = { legitimate_interest: '', authority: '' };

  beforeAll(async () => {
    const token = await tokenFor('acme');
    const code = freshGtin();
    const dpp = await putTestDpp('passport-api-tiers', {
      company_id: demo.acme.company.id,
      model_id: demo.acme.dpp.model_id,
      code,
      search_id: `01/${code}/21/${randomUUID().slice(0, 8)}`,
      profile: profile.id,
      category: 'ev',
      aspects: fullAspects(profile),
    });
    batteryId = dpp.id;
    expect((await call('PUT', `/dpps/${batteryId}`, { token, ...json({ published: true }) })).status).toBe(200);
    for (const tier of ['legitimate_interest', 'authority'] as const) {
      const created = await call('POST', `/dpps/${batteryId}/access-grants`, {
        token,
        ...json({ tier, audience: `v1-${tier}@example.com`, expires_in_days: 1 }),
      });
      expect(created.status).toBe(201);
      access[tier] = new URL(created.body.link).searchParams.get('access')!;
    }
  });

  /** Every leaf's element path under `aspects`. */
  const leaves = (value: unknown, path: string[] = []): string[] =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, [...path, key]))
      : [path.join('/')];

  it('never returns an authority element to a legitimate-interest grant', async () => {
    const read = async (tier: keyof typeof access) => {
      const reply = await call('GET', `/v1/dpps/${batteryId}`, { headers: { 'x-dpp-access': access[tier] } });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('private, no-store');
      return new Set(leaves(reply.body.elements.aspects, ['aspects']));
    };
    const [legitimate, authority] = [await read('legitimate_interest'), await read('authority')];
    const authorityOnly = [...authority].filter((path) => !legitimate.has(path));
    expect(authorityOnly.length).toBeGreaterThan(0);
    for (const path of authorityOnly) {
      const asLegitimate = await call('GET', `/v1/dpps/${batteryId}/elements/${path}`, {
        headers: { 'x-dpp-access': access.legitimate_interest },
      });
      expect(asLegitimate.status, path).toBe(404);
      expect(asLegitimate.body.code).toBe('ELEMENT_NOT_FOUND');
    }
    // The same paths answer the authority, and an aspect read whole by the legitimate grant holds none of them.
    const [sample] = authorityOnly;
    const asAuthority = await call('GET', `/v1/dpps/${batteryId}/elements/${sample}`, {
      headers: { 'x-dpp-access': access.authority },
    });
    expect(asAuthority.status).toBe(200);
    for (const aspect of profile.aspects) {
      const whole: Reply = await call('GET', `/v1/dpps/${batteryId}/elements/aspects/${aspect.id}`, {
        headers: { 'x-dpp-access': access.legitimate_interest },
      });
      if (whole.status === 404) continue;
      const shown = leaves(whole.body.value, ['aspects', aspect.id]);
      expect(
        shown.filter((path) => authorityOnly.includes(path)),
        aspect.id,
      ).toEqual([]);
    }
  });
});
