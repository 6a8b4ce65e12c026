import { describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { dppLinkImage, dppLinkUpsert, manufacturerOf, toDppLinkItem } from '../../../lib/dpps/link';
import type { DppItem } from '../../../lib/dpps/model';
import { dppItem } from '../../support/unit/items';

/** A DPP's GS1 Digital Link entry (lib/dpps/link.ts): what it copies for the JSON-LD's manufacturer and image. */
const dpp = dppItem({ search_id: '01/08012345000012/21/S-1' }) as DppItem;
const entryKey = keys.dppLink('08012345000012', 'S-1');

describe('manufacturerOf', () => {
  it('copies the company’s name and country, and nothing without a name', () => {
    expect(manufacturerOf({ name: 'Acme', country_code: 'IT' })).toEqual({ name: 'Acme', country: 'IT' });
    expect(manufacturerOf({ name: 'Acme' })).toEqual({ name: 'Acme' });
    expect(manufacturerOf({ country_code: 'IT' })).toBeUndefined();
    expect(manufacturerOf(undefined)).toBeUndefined();
  });
});

describe('toDppLinkItem', () => {
  it('holds the manufacturer and the image ids it is given, and neither when none', () => {
    const entry = toDppLinkItem(dpp, { manufacturer: { name: 'Acme' }, imageIds: ['i2', 'i1'] });
    expect(entry).toMatchObject({ ...entryKey, manufacturer: { name: 'Acme' }, image_ids: new Set(['i1', 'i2']) });
    const bare = toDppLinkItem(dpp, { imageIds: [] })!;
    expect('manufacturer' in bare || 'image_ids' in bare).toBe(false);
  });
});

describe('dppLinkUpsert', () => {
  it('sets the manufacturer only when the writer read it, and never the image ids', () => {
    const withMaker = dppLinkUpsert(dpp, undefined, { name: 'Acme', country: 'IT' }) as { set: { values: object } };
    expect(Object.values(withMaker.set.values)).toContainEqual({ name: 'Acme', country: 'IT' });
    const without = dppLinkUpsert(dpp) as { set: { expression: string } };
    expect(without.set.expression).not.toMatch(/image_ids/);
    expect(JSON.stringify(without)).not.toMatch(/manufacturer/);
  });
});

describe('dppLinkImage', () => {
  it('ADDs or DELETEs the image id as a set on this DPP’s entry only', () => {
    const added = dppLinkImage(dpp, 'img-1', 'add') as {
      update: object;
      set: { expression: string; values: Record<string, unknown> };
      condition: { expression: string; values: Record<string, unknown> };
    };
    expect(added.update).toEqual(entryKey);
    expect(added.set.expression).toMatch(/^SET .+ ADD /);
    expect(Object.values(added.set.values)).toContainEqual(new Set(['img-1']));
    expect(added.condition.expression).toMatch(/attribute_not_exists\(.+\) OR .+ = /);
    expect(Object.values(added.condition.values)).toContain(dpp.id);
    const deleted = dppLinkImage(dpp, 'img-1', 'delete') as { set: { expression: string } };
    expect(deleted.set.expression).toMatch(/ DELETE /);
  });

  it('is no leg for a DPP without an item Digital Link path', () => {
    expect(dppLinkImage(dppItem({ search_id: 'SKU-1' }) as DppItem, 'img-1', 'add')).toBeUndefined();
  });
});
