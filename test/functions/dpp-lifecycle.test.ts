import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { profileById } from '../../lib/profiles/catalogue';
import example from '../../lib/profiles/data/examples/battery-passport-ev.json';
import { filterAspects } from '../../lib/profiles/filter';
import { lifecycleOf, statusOf } from '../../lib/profiles/lifecycle';
import { call, demo, json, putTestDpp, tokenFor } from '../support/api';

/**
 * A passport's lifecycle over HTTP (docs/behaviour.md, Lifecycle), on Acme's profiled battery
 * passports made from the EV example: its status is the profile's status attribute; a successor
 * is a new passport linked both ways, with the static model-level attributes copied; a passport
 * at its end status ceases and stays readable, saying so; another company's token changes nothing.
 */
const acme = demo.acme;
const profile = profileById(example.profile)!;
const lifecycle = lifecycleOf(profile)!;
const aspects = example.aspects as Record<string, Record<string, unknown>>;
let token: string;
let globex: string;

/** A published EV battery passport of Acme's, from the example. */
async function battery(): Promise<string> {
  const dpp = await putTestDpp('lifecycle', {
    company_id: acme.company.id,
    model_id: acme.dpp.model_id,
    search_id: `01/08012345000012/21/${randomUUID().slice(0, 8)}`,
    code: '08012345000012',
    profile: profile.id,
    category: example.category,
    aspects,
  });
  return dpp.id;
}

/** Sets the status through the aspect's merge patch, as a company does. */
async function setStatus(dppId: string, status: string) {
  const pointer = (lifecycle.status.pointer ?? '').slice(1).split('/');
  const patch = pointer.reduceRight<unknown>((value, key) => ({ [key]: value }), status);
  const reply = await call('PATCH', `/dpps/${dppId}/aspects/${lifecycle.aspect}`, {
    token,
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify(patch),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

beforeAll(async () => {
  token = await tokenFor('acme');
  globex = await tokenFor('globex');
});

describe('a successor passport', () => {
  let original: string;
  let successor: { dppId: string; lifecycle: { replaces?: string } } & Record<string, unknown>;
  const successorStatus = String(lifecycle.successor[0]);

  beforeAll(async () => {
    original = await battery();
    const reply = await call('POST', `/dpps/${original}/successor`, { token, ...json({ status: successorStatus }) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    successor = reply.body.dpp;
  });

  it('is a new private passport of the same model, profile and category that replaces the original', () => {
    expect(successor.id).not.toBe(original);
    expect(successor).toMatchObject({
      model_id: acme.dpp.model_id,
      profile: profile.id,
      category: example.category,
      published: false,
      lifecycle: { replaces: original, ceased: false },
    });
    expect(successor.search_id).not.toBe('');
  });

  it('is linked from the original, which says it was replaced, on the company’s and the public views', async () => {
    const company = await call('GET', `/dpps/${original}`, { token });
    expect(company.body.dpp.lifecycle).toEqual({ replaced_by: successor.id, ceased: false });
    const anonymous = await call('GET', `/dpp/${original}`);
    expect(anonymous.body.dpp.lifecycle).toEqual({ replaced_by: successor.id, ceased: false });
    const page = await call('GET', `/passport/${original}`);
    expect(page.body).toContain(`/passport/${successor.id}`);
  });

  it('copies the static model-level attributes, sets its own status, and nothing of the item', async () => {
    const got = await call('GET', `/dpps/${successor.id}/aspects/${lifecycle.aspect}`, { token });
    expect(got.status).toBe(200);
    expect(statusOf(lifecycle, { [lifecycle.aspect]: got.body })).toBe(successorStatus);
    const staticModel = filterAspects(profile, aspects, { keep: (a) => !a.dynamic && a.level === 'model' });
    for (const [aspect, document] of Object.entries(staticModel)) {
      const read = await call('GET', `/dpps/${successor.id}/aspects/${aspect}`, { token });
      const expected = aspect === lifecycle.aspect ? { ...document, ...got.body } : document;
      expect(read.body, aspect).toEqual(expected);
    }
    const item = filterAspects(profile, aspects, { keep: (a) => a.level === 'item' && a.id !== lifecycle.status.id });
    const general = JSON.stringify(got.body);
    for (const document of Object.values(item))
      for (const value of Object.values(document)) if (typeof value === 'string') expect(general).not.toContain(value);
  });

  it('is made once: a second is 409 ALREADY_REPLACED, and a status that is not a successor’s is 400', async () => {
    const again = await call('POST', `/dpps/${original}/successor`, { token, ...json({ status: successorStatus }) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_REPLACED');
    const other = await battery();
    const wrong = await call('POST', `/dpps/${other}/successor`, {
      token,
      ...json({ status: String(lifecycle.end[0]) }),
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('status');
    const extra = await call('POST', `/dpps/${other}/successor`, {
      token,
      ...json({ status: successorStatus, name: 'x' }),
    });
    expect(extra.status).toBe(400);
    expect((await call('GET', `/dpps/${other}`, { token })).body.dpp.lifecycle).toBeUndefined();
  });

  it('needs a profile with a lifecycle: a plain DPP is 409 NO_LIFECYCLE', async () => {
    const plain = await call('POST', `/dpps/${acme.dpp.id}/successor`, { token, ...json({ status: successorStatus }) });
    expect(plain.status).toBe(409);
    expect(plain.body.code).toBe('NO_LIFECYCLE');
  });

  it('is refused to another company like an unknown DPP, and nothing changes', async () => {
    const other = await battery();
    const foreign = await call('POST', `/dpps/${other}/successor`, {
      token: globex,
      ...json({ status: successorStatus }),
    });
    const unknown = await call('POST', `/dpps/${randomUUID()}/successor`, {
      token: globex,
      ...json({ status: successorStatus }),
    });
    expect(foreign.status).toBe(404);
    expect({ ...foreign.body, correlation_id: undefined }).toEqual({ ...unknown.body, correlation_id: undefined });
    expect((await call('GET', `/dpps/${other}`, { token })).body.dpp.lifecycle).toBeUndefined();
    const ceaseForeign = await call('POST', `/dpps/${other}/cease`, { token: globex });
    expect(ceaseForeign.status).toBe(404);
  });
});

describe('a ceased passport', () => {
  let dppId: string;

  beforeAll(async () => {
    dppId = await battery();
  });

  it('ceases only at its end status, then stays readable and says so everywhere', async () => {
    const early = await call('POST', `/dpps/${dppId}/cease`, { token });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('NOT_AT_END_OF_LIFE');
    await setStatus(dppId, String(lifecycle.end[0]));
    const ceased = await call('POST', `/dpps/${dppId}/cease`, { token });
    expect(ceased.status).toBe(200);
    expect(ceased.body.lifecycle).toMatchObject({ ceased: true });
    const at = ceased.body.lifecycle.ceased_at;
    const anonymous = await call('GET', `/dpp/${dppId}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.dpp.lifecycle).toEqual({ ceased: true, ceased_at: at });
    const page = await call('GET', `/passport/${dppId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('This passport has ceased');
    expect(page.body).toContain(`datetime="${at}"`);
    const again = await call('POST', `/dpps/${dppId}/cease`, { token });
    expect(again.body.lifecycle.ceased_at).toBe(at);
  });

  it('changes no more: no successor, no aspect write', async () => {
    const successor = await call('POST', `/dpps/${dppId}/successor`, {
      token,
      ...json({ status: String(lifecycle.successor[0]) }),
    });
    expect(successor.status).toBe(409);
    expect(successor.body.code).toBe('DPP_CEASED');
    const write = await call('PUT', `/dpps/${dppId}/aspects/${lifecycle.aspect}`, {
      token,
      ...json(aspects[lifecycle.aspect]),
    });
    expect(write.status).toBe(409);
    expect(write.body.code).toBe('DPP_CEASED');
  });
});
