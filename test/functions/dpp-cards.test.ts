import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_CARD_CHARACTERISTICS } from '../../lib/limits';
import { apiUrl, call, demo, json, putTestDpp, type Tenant, tokenFor } from '../support/api';

/**
 * Authoring: a DPP's tech cards through POST, PUT and DELETE /dpps/{dppId}/cards,
 * end to end over HTTP. Each test writes cards on a DPP of its own (test/support/api.ts
 * putTestDpp), so what it counts races with no other test file.
 */
const acme = demo.acme;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const newDpp = async (tenant: Tenant = 'acme') =>
  (await putTestDpp('cards', { company_id: demo[tenant].company.id, model_id: demo[tenant].dpp.model_id })).id;

async function createCard(dppId: string, body: unknown, tenant: Tenant = 'acme', headers: Record<string, string> = {}) {
  return call('POST', `/dpps/${dppId}/cards`, { token: await tokenFor(tenant), ...json(body, headers) });
}
async function updateCard(dppId: string, cardId: string, body: unknown, tenant: Tenant = 'acme') {
  return call('PUT', `/dpps/${dppId}/cards/${cardId}`, { token: await tokenFor(tenant), ...json(body) });
}
async function deleteCard(dppId: string, cardId: string, tenant: Tenant = 'acme') {
  return call('DELETE', `/dpps/${dppId}/cards/${cardId}`, { token: await tokenFor(tenant) });
}
/** The cards the public passport shows. */
const passportCards = async (dppId: string) => (await call('GET', `/dpp/${dppId}`)).body.dpp.cards;

const brakes = {
  name: 'Brakes',
  description: 'Hydraulic disc brakes',
  characteristics: [{ characteristic: 'Rotor: 180 mm' }, { characteristic: 'Fluid: mineral oil', id: 'fluid' }],
};

describe('POST /dpps/{dppId}/cards', () => {
  it('adds the card with server ids where the client sent none, and the passport shows it', async () => {
    const dppId = await newDpp();
    const { status, body } = await createCard(dppId, brakes);
    expect(status).toBe(200);
    expect(body).toEqual({
      message: expect.stringContaining(body.card.id),
      ok: true,
      card: {
        id: expect.stringMatching(UUID_V7),
        dpp_id: dppId,
        name: 'Brakes',
        description: 'Hydraulic disc brakes',
        access_tier: 'public',
        characteristics: [
          { id: expect.stringMatching(UUID_V7), characteristic: 'Rotor: 180 mm' },
          { id: 'fluid', characteristic: 'Fluid: mineral oil' },
        ],
      },
    });
    const { dpp_id: _, ...shown } = body.card;
    expect(await passportCards(dppId)).toEqual([shown]);
  });

  it('takes a card with a name only: no description, no characteristics', async () => {
    const { status, body } = await createCard(await newDpp(), { name: '  Frame  ' });
    expect(status).toBe(200);
    expect(body.card).toMatchObject({ name: 'Frame', description: '', characteristics: [] });
  });

  it.each([
    ['no name', { description: 'x' }, 'name'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a name over 200 characters', { name: 'n'.repeat(201) }, 'name'],
    ['a description over 2000 characters', { name: 'n', description: 'd'.repeat(2001) }, 'description'],
    ['characteristics that are not a list', { name: 'n', characteristics: 'Rotor' }, 'characteristics'],
    [
      'an empty characteristic',
      { name: 'n', characteristics: [{ characteristic: ' ' }] },
      'characteristics.0.characteristic',
    ],
    [
      'a characteristic over 500 characters',
      { name: 'n', characteristics: [{ characteristic: 'c'.repeat(501) }] },
      'characteristics.0.characteristic',
    ],
    [
      'a malformed characteristic id',
      { name: 'n', characteristics: [{ characteristic: 'c', id: 'a/b' }] },
      'characteristics.0.id',
    ],
    [
      'a repeated characteristic id',
      {
        name: 'n',
        characteristics: [
          { characteristic: 'a', id: 'x' },
          { characteristic: 'b', id: 'x' },
        ],
      },
      'characteristics',
    ],
    [
      `more than ${MAX_CARD_CHARACTERISTICS} characteristics`,
      {
        name: 'n',
        characteristics: Array.from({ length: MAX_CARD_CHARACTERISTICS + 1 }, (_, i) => ({ characteristic: `c${i}` })),
      },
      'characteristics',
    ],
  ])('answers 400 naming the field for %s, and writes nothing', async (_, card, path) => {
    const dppId = await newDpp();
    const { status, body } = await createCard(dppId, card);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await passportCards(dppId)).toEqual([]);
  });

  it('answers 400 for a body that is not a JSON object', async () => {
    const dppId = await newDpp();
    for (const raw of ['[]', '"card"', '{"name":']) {
      const { status } = await call('POST', `/dpps/${dppId}/cards`, {
        token: await tokenFor('acme'),
        headers: { 'content-type': 'application/json' },
        body: raw,
      });
      expect(status).toBe(400);
    }
    expect(await passportCards(dppId)).toEqual([]);
  });

  it('answers 404 for an unknown DPP, and for another company’s exactly alike', async () => {
    const unknown = await createCard(`no-such-dpp-${randomUUID()}`, brakes);
    const foreign = await createCard(demo.globex.dpp.id, brakes);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'DPP not found', code: 'DPP_NOT_FOUND' });
    expect(foreign.body).toEqual(unknown.body);
    expect((await passportCards(demo.globex.dpp.id)).map((c: { name: string }) => c.name)).not.toContain('Brakes');
  });

  it('answers a retry with the same Idempotency-Key with the first answer, and adds one card', async () => {
    const dppId = await newDpp();
    const key = { 'idempotency-key': `card-${randomUUID()}` };
    const first = await createCard(dppId, brakes, 'acme', key);
    const again = await createCard(dppId, brakes, 'acme', key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await passportCards(dppId)).toHaveLength(1);
    const other = await createCard(dppId, { ...brakes, name: 'Other' }, 'acme', key);
    expect(other.status).toBe(422);
  });

  it('answers 401 without a token', async () => {
    expect((await call('POST', `/dpps/${acme.dpp.id}/cards`, json(brakes))).status).toBe(401);
  });
});

describe('PUT /dpps/{dppId}/cards/{cardId}', () => {
  it('changes only the fields sent', async () => {
    const dppId = await newDpp();
    const card = (await createCard(dppId, brakes)).body.card;
    const { status, body } = await updateCard(dppId, card.id, { name: 'Disc brakes' });
    expect(status).toBe(200);
    expect(body.card).toEqual({ ...card, name: 'Disc brakes' });
    expect((await passportCards(dppId))[0].name).toBe('Disc brakes');
  });

  it('replaces the characteristics as a whole, keeping the ids sent and giving the others new ones', async () => {
    const dppId = await newDpp();
    const card = (await createCard(dppId, brakes)).body.card;
    const rotor = card.characteristics[0];
    const { body } = await updateCard(dppId, card.id, {
      characteristics: [{ id: rotor.id, characteristic: 'Rotor: 203 mm' }, { characteristic: 'Pistons: 4' }],
    });
    expect(body.card.characteristics).toEqual([
      { id: rotor.id, characteristic: 'Rotor: 203 mm' },
      { id: expect.stringMatching(UUID_V7), characteristic: 'Pistons: 4' },
    ]);
    expect(body.card.characteristics[1].id).not.toBe(card.characteristics[1].id);
    expect((await updateCard(dppId, card.id, { characteristics: [] })).body.card.characteristics).toEqual([]);
  });

  it('answers 400 NOTHING_TO_UPDATE for an empty body, and 400 for an invalid field, changing nothing', async () => {
    const dppId = await newDpp();
    const card = (await createCard(dppId, brakes)).body.card;
    const nothing = await updateCard(dppId, card.id, {});
    expect([nothing.status, nothing.body.code]).toEqual([400, 'NOTHING_TO_UPDATE']);
    const invalid = await updateCard(dppId, card.id, { name: 'ok', description: 'd'.repeat(2001) });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toEqual([{ path: 'description', message: expect.any(String) }]);
    const { dpp_id: _, ...shown } = card;
    expect(await passportCards(dppId)).toEqual([shown]);
  });

  it('answers 404 for an unknown card, a card of another DPP, and another company’s card, all alike', async () => {
    const dppId = await newDpp();
    const otherDpp = await newDpp();
    const card = (await createCard(otherDpp, brakes)).body.card;
    const unknown = await updateCard(dppId, randomUUID(), { name: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'tech card not found', code: 'CARD_NOT_FOUND' });
    expect((await updateCard(dppId, card.id, { name: 'x' })).body).toEqual(unknown.body);
    const globexCard = demo.globex.dpp.cards[0]!;
    expect((await updateCard(demo.globex.dpp.id, globexCard.id, { name: 'x' })).body).toEqual(unknown.body);
    expect((await passportCards(otherDpp))[0].name).toBe('Brakes');
  });
});

describe('DELETE /dpps/{dppId}/cards/{cardId}', () => {
  it('deletes the card: the passport no longer shows it, and a second delete is 404', async () => {
    const dppId = await newDpp();
    const kept = (await createCard(dppId, { name: 'Kept' })).body.card;
    const card = (await createCard(dppId, brakes)).body.card;
    const { status, body } = await deleteCard(dppId, card.id);
    expect(status).toBe(200);
    expect(body).toEqual({ message: expect.stringContaining(card.id), ok: true });
    expect((await passportCards(dppId)).map((c: { id: string }) => c.id)).toEqual([kept.id]);
    expect((await deleteCard(dppId, card.id)).status).toBe(404);
  });

  it('answers 404 for another company’s card exactly as for an unknown one, and keeps it', async () => {
    const dppId = await newDpp('globex');
    const card = (await createCard(dppId, brakes, 'globex')).body.card;
    const foreign = await deleteCard(dppId, card.id, 'acme');
    const unknown = await deleteCard(dppId, randomUUID(), 'acme');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(await passportCards(dppId)).toHaveLength(1);
  });
});

describe('versions are frozen snapshots', () => {
  const versionDocument = async (dppId: string, version: number) => {
    const response = await fetch(`${apiUrl}/dpp/${dppId}/versions/${version}`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const createVersion = async (dppId: string, versionId: string) =>
    (
      await call('POST', `/version/${dppId}/create`, {
        token: await tokenFor('acme'),
        ...json({ dppId, versionId }),
      })
    ).status;

  it('keeps a version taken before a card was changed and deleted exactly as it was', async () => {
    const dppId = await newDpp();
    const card = (await createCard(dppId, brakes)).body.card;
    expect(await createVersion(dppId, 'before-edits')).toBe(200);
    const before = await versionDocument(dppId, 1);
    expect(JSON.parse(before).cards).toEqual([
      { id: card.id, name: card.name, description: card.description, characteristics: card.characteristics },
    ]);

    expect((await updateCard(dppId, card.id, { name: 'Changed', characteristics: [] })).status).toBe(200);
    expect(await versionDocument(dppId, 1)).toBe(before);
    expect(await createVersion(dppId, 'after-edit')).toBe(200);
    expect(JSON.parse(await versionDocument(dppId, 2)).cards).toEqual([
      { id: card.id, name: 'Changed', description: card.description, characteristics: [] },
    ]);

    expect((await deleteCard(dppId, card.id)).status).toBe(200);
    expect(await versionDocument(dppId, 1)).toBe(before);
    const versions = await call('GET', `/view-dpp-versions/${dppId}`, { token: await tokenFor('acme') });
    expect(versions.body.versions.map((v: { cards: Array<{ name: string }> }) => v.cards.map((c) => c.name))).toEqual([
      ['Brakes'],
      ['Changed'],
    ]);
  });
});
