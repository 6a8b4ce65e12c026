import { describe, expect, it } from 'vitest';
import { NOTARIZATION_INSERTS } from '../../../lib/anchoring/worker';
import * as keys from '../../../lib/data/keys';
import { NOTARIZATION_SK_PREFIX } from '../../../lib/data/keys';
import { matchesFilter } from '../../../lib/events/stream-filter';

/** A stream record as Lambda hands it to a function (KEYS_ONLY). */
const record = (eventName: string, key: { pk: string; sk: string }) => ({
  eventID: '1',
  eventName,
  eventSource: 'aws:dynamodb',
  dynamodb: { Keys: { pk: { S: key.pk }, sk: { S: key.sk } }, SequenceNumber: '100', StreamViewType: 'KEYS_ONLY' },
});

describe('the anchor worker’s stream filter', () => {
  const dppId = '01a19656-4a8b-7000-8000-000000000011';

  it('names the prefix of the sort key notarization records really have', () => {
    expect(keys.notarization(dppId, 12).sk.startsWith(NOTARIZATION_SK_PREFIX)).toBe(true);
    expect(keys.dppVersion(dppId, 12).sk.startsWith(NOTARIZATION_SK_PREFIX)).toBe(false);
  });

  it('selects the INSERT of a notarization record', () => {
    expect(matchesFilter(NOTARIZATION_INSERTS, record('INSERT', keys.notarization(dppId, 1)))).toBe(true);
  });

  it.each([
    ['its MODIFY (the worker’s own writes)', record('MODIFY', keys.notarization(dppId, 1))],
    ['its REMOVE', record('REMOVE', keys.notarization(dppId, 1))],
    ['the INSERT of a version', record('INSERT', keys.dppVersion(dppId, 1))],
    ['the INSERT of a version-id claim', record('INSERT', keys.dppVersionId(dppId, 'NOTARIZATION#x'))],
    ['the INSERT of a DPP', record('INSERT', keys.dpp(dppId))],
    ['a record without keys', { eventName: 'INSERT', dynamodb: {} }],
    ['a sort key that is a number', { eventName: 'INSERT', dynamodb: { Keys: { sk: { N: '1' } } } }],
  ])('passes over %s', (_what, event) => {
    expect(matchesFilter(NOTARIZATION_INSERTS, event)).toBe(false);
  });
});

describe('matchesFilter', () => {
  it('matches any of the listed values and prefixes, and every field of the pattern', () => {
    const pattern = { a: ['x', 'y'], b: { c: [{ prefix: 'p-' }, 3] } };
    expect(matchesFilter(pattern, { a: 'y', b: { c: 'p-1' }, extra: true })).toBe(true);
    expect(matchesFilter(pattern, { a: 'x', b: { c: 3 } })).toBe(true);
    expect(matchesFilter(pattern, { a: 'z', b: { c: 'p-1' } })).toBe(false);
    expect(matchesFilter(pattern, { a: 'x', b: { c: 'q-1' } })).toBe(false);
    expect(matchesFilter(pattern, { a: 'x' })).toBe(false);
    expect(matchesFilter(pattern, null)).toBe(false);
  });

  it('refuses a rule it does not implement rather than read it as no match', () => {
    expect(() => matchesFilter({ a: [{ 'anything-but': ['x'] } as never] }, { a: 'y' })).toThrow(
      /unsupported event-filter rule/,
    );
  });
});
