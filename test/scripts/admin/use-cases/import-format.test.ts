import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  companyRecord,
  dppRecord,
  firstIssue,
  importDocument,
  operatorRecord,
  partnershipRecord,
  templateRecord,
  uuidV7Time,
} from '../../../../scripts/admin/use-cases/import-format';

/** The demo file is the reference document of the format: every record of it is valid. */
const demo = JSON.parse(readFileSync('infra/local/demo-data.json', 'utf8'));
const x1 = demo.companies[0].dpps[0];

/** The first problem of `value` against `schema`, as the import reports it. */
const problem = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : firstIssue(result.issues);
};

describe('the import format', () => {
  it('takes every record of infra/local/demo-data.json', () => {
    expect(problem(importDocument, demo)).toBeUndefined();
    for (const company of demo.companies) {
      expect(problem(companyRecord, company)).toBeUndefined();
      for (const template of company.templates) expect(problem(templateRecord, template)).toBeUndefined();
      for (const dpp of company.dpps) expect(problem(dppRecord, dpp)).toBeUndefined();
    }
    for (const pair of demo.partnerships) expect(problem(partnershipRecord, pair)).toBeUndefined();
    for (const operator of demo.operators) expect(problem(operatorRecord, operator)).toBeUndefined();
  });

  it('lets an exported document leave out users, API keys, templates, images, files, cards and translations', () => {
    const { users: _u, apiKeys: _k, templates: _t, dpps: _d, member_limit: _m, ...company } = demo.companies[2];
    expect(v.parse(companyRecord, company)).toMatchObject({ users: [], apiKeys: [] });
    const { images: _i, files: _f, cards: _c, translations: _tr, ...dpp } = x1;
    expect(v.parse(dppRecord, dpp)).toMatchObject({ images: [], files: [], cards: [], translations: {} });
    expect(v.parse(importDocument, {})).toEqual({ companies: [], partnerships: [], operators: [] });
  });

  it.each([
    ['a language that is no ISO 639-1 code', { ...x1, language: 'english' }, '.language', /ISO 639-1/],
    ['a misspelt field', { ...x1, descripton: 'x' }, '.descripton', /not a field of the import format/],
    ['a missing name', { ...x1, name: undefined }, '.name', /required|string/],
    [
      'a file without its fixture',
      { ...x1, files: [x1.files[0], { ...x1.files[1], fixture: undefined }] },
      '.files[1].fixture',
      /required|string/,
    ],
    ['a card id twice', { ...x1, cards: [x1.cards[0], x1.cards[0]] }, '.cards', /must not repeat a card id/],
    [
      'a translation into the language of its texts',
      { ...x1, translations: { en: { dpp: { name: 'x', description: 'y' } } } },
      '.translations',
      /DPP language/,
    ],
    [
      'a translation into something that is no language',
      { ...x1, translations: { xx: { dpp: { name: 'x', description: 'y' } } } },
      '.translations.xx',
      /ISO 639-1/,
    ],
    ['a created_at that is no UTC time', { ...x1, created_at: '2026-11-01' }, '.created_at', /UTC time/],
  ])('refuses a DPP with %s, naming the field', (_, dpp, path, message) => {
    expect(problem(dppRecord, dpp)).toEqual({ path, message: expect.stringMatching(message) });
  });

  it.each([
    ['a wallet with a wrong checksum', { wallet: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }, '.users[0].wallet'],
    ['a role that is neither admin nor member', { role: 'owner' }, '.users[0].role'],
    ['an e-mail that is none', { email: 'admin at acme' }, '.users[0].email'],
  ])('refuses a company whose user has %s', (_, change, path) => {
    const company = { ...demo.companies[0], users: [{ ...demo.companies[0].users[0], ...change }] };
    expect(problem(companyRecord, company)?.path).toBe(path);
  });

  it('refuses a company listing one wallet for two users, and an API key too short to be one', () => {
    const [admin, editor] = demo.companies[0].users;
    const twice = { ...demo.companies[0], users: [admin, { ...editor, wallet: admin.wallet.toLowerCase() }] };
    expect(problem(companyRecord, twice)).toEqual({ path: '.users', message: 'must not repeat a wallet' });
    const short = { ...demo.companies[0], apiKeys: [{ name: 'k', key: 'short', enabled: true }] };
    expect(problem(companyRecord, short)?.path).toBe('.apiKeys[0].key');
  });

  it('refuses a company as its own partner', () => {
    const id = demo.companies[0].id;
    expect(problem(partnershipRecord, [id, id])?.message).toBe('must name two different companies');
  });
});

describe('uuidV7Time: what a record created_at defaults to', () => {
  it('is the time in a UUIDv7 (the demo ids are the seed time plus 1 ms each)', () => {
    expect(uuidV7Time('01a19656-4a80-7000-8000-000000000000')).toBe('2026-11-01T09:00:00.000Z');
    expect(uuidV7Time('01a19656-4a8b-7000-8000-000000000011')).toBe('2026-11-01T09:00:00.011Z');
  });

  it('is undefined for any other id (the import then takes its own time)', () => {
    expect(uuidV7Time('3b241101-e2bb-4255-8caf-4136c566a962')).toBeUndefined();
    expect(uuidV7Time('my-dpp-1')).toBeUndefined();
  });
});
