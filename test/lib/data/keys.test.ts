import { describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { dppCollection, gsi1, ItemType, indexRanges, type KeyRange, ranges } from '../../../lib/data/keys';

/** DynamoDB orders string sort keys by their UTF-8 bytes; so does this. */
const compareAsDynamoDb = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const inRange = (sk: string, range: KeyRange): boolean =>
  compareAsDynamoDb(sk, range.from) >= 0 && compareAsDynamoDb(sk, range.to) <= 0;

/** Ids as the service makes them (uuid v7) and the extremes of what the `id` rule allows ([A-Za-z0-9_-]{1,64}). */
const childIds = [
  '0197f3c2-7b1e-7a3d-9c4f-2b8e5d6a1f00',
  'ffffffff-ffff-7fff-bfff-ffffffffffff',
  '0',
  'A',
  'Z',
  'a',
  'z'.repeat(64),
  '_',
  '-',
  '--__zz99',
];

describe('keys: one Query reads a DPP, then its files', () => {
  const dppId = 'dpp-42';
  const range = ranges.dppWithFiles(dppId);

  it('starts the range at the DPP item itself', () => {
    expect(keys.dpp(dppId)).toEqual({ pk: range.pk, sk: range.from });
  });

  it.each(childIds)('includes the file %s of the DPP, after the DPP', (fileId) => {
    const file = keys.dppFile(dppId, fileId);
    expect(file.pk).toBe(range.pk);
    expect(inRange(file.sk, range)).toBe(true);
    expect(compareAsDynamoDb(file.sk, keys.dpp(dppId).sk)).toBeGreaterThan(0);
  });

  it.each(childIds)('leaves out the card, image and translation items (id %s) of the same DPP', (childId) => {
    for (const key of [keys.dppCard(dppId, childId), keys.dppImage(dppId, childId)]) {
      expect(key.pk).toBe(range.pk);
      expect(inRange(key.sk, range)).toBe(false);
    }
  });

  it.each(['en', 'de', 'it', 'zh'])('leaves out the %s translation item of the same DPP', (language) => {
    expect(inRange(keys.dppTranslation(dppId, language).sk, range)).toBe(false);
  });

  it('keeps every item of the DPP in its one collection', () => {
    const collection = dppCollection(dppId);
    for (const key of [
      keys.dpp(dppId),
      keys.dppFile(dppId, 'f'),
      keys.dppCard(dppId, 'c'),
      keys.dppImage(dppId, 'i'),
      keys.dppTranslation(dppId, 'de'),
    ]) {
      expect(key.pk).toBe(collection);
    }
  });

  it('never reads the files of another DPP whose id starts the same', () => {
    expect(keys.dppFile('dpp-420', 'f').pk).not.toBe(range.pk);
  });
});

describe('keys: one Query reads a template, then its files', () => {
  const templateId = '0197f3c2-7b1e-7a3d-9c4f-2b8e5d6a1f00';
  const range = ranges.templateWithFiles(templateId);

  it('starts the range at the template item itself', () => {
    expect(keys.template(templateId)).toEqual({ pk: range.pk, sk: range.from });
  });

  it.each(childIds)('includes the file %s of the template, after the template', (fileId) => {
    const file = keys.templateFile(templateId, fileId);
    expect(file.pk).toBe(range.pk);
    expect(inRange(file.sk, range)).toBe(true);
    expect(compareAsDynamoDb(file.sk, range.from)).toBeGreaterThan(0);
  });
});

describe('keys: identity', () => {
  it('lowercases wallet addresses, so a checksummed address finds the same item', () => {
    const mixed = keys.wallet('0xAbCdEf0123456789aBcDeF0123456789ABCDEF01');
    expect(mixed).toEqual(keys.wallet('0xabcdef0123456789abcdef0123456789abcdef01'));
    expect(mixed.pk).toBe('WALLET#0xabcdef0123456789abcdef0123456789abcdef01');
  });

  it('keys an API key by its hash only', () => {
    expect(keys.apiKey('f'.repeat(64))).toEqual({ pk: `APIKEY#${'f'.repeat(64)}`, sk: 'APIKEY' });
  });

  it('keeps users in their company collection', () => {
    expect(keys.user('c1', 'u1').pk).toBe(keys.company('c1').pk);
    expect(keys.user('c1', 'u1').sk).not.toBe(keys.company('c1').sk);
  });

  it('has a distinct value for every item type', () => {
    const values = Object.values(ItemType);
    expect(new Set(values).size).toBe(values.length);
  });

  it('indexes DPPs and templates of a company under the company, apart from each other', () => {
    const dpp = gsi1.companyDpp('c1', 'x');
    const template = gsi1.companyTemplate('c1', 'x');
    expect(dpp.gsi1pk).toBe(template.gsi1pk);
    expect(dpp.gsi1sk).not.toBe(template.gsi1sk);
  });

  it('pages a company’s DPPs and its templates on gsi1 apart, and finds each item’s table key from its index key', () => {
    const dpp = gsi1.companyDpp('c1', 'd1');
    const template = gsi1.companyTemplate('c1', 't1');
    const inRange = (range: KeyRange, pk: string, sk: string) => pk === range.pk && sk >= range.from && sk <= range.to;
    expect(inRange(indexRanges.companyDpps('c1'), dpp.gsi1pk, dpp.gsi1sk)).toBe(true);
    expect(inRange(indexRanges.companyDpps('c1'), template.gsi1pk, template.gsi1sk)).toBe(false);
    expect(inRange(indexRanges.companyTemplates('c1'), template.gsi1pk, template.gsi1sk)).toBe(true);
    expect(inRange(indexRanges.companyTemplates('c1'), dpp.gsi1pk, dpp.gsi1sk)).toBe(false);
    expect(inRange(indexRanges.companyDpps('c2'), dpp.gsi1pk, dpp.gsi1sk)).toBe(false);
    expect(indexRanges.companyDpps('c1').tableKey(dpp.gsi1sk)).toEqual(keys.dpp('d1'));
    expect(indexRanges.companyTemplates('c1').tableKey(template.gsi1sk)).toEqual(keys.template('t1'));
  });
});
