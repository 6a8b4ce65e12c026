import { describe, expect, it } from 'vitest';
import {
  add,
  and,
  append,
  attribute,
  contains,
  eq,
  exists,
  ge,
  gt,
  indexPartition,
  indexPrefix,
  inIndexRange,
  inRange,
  itemExists,
  le,
  lt,
  ne,
  noItem,
  not,
  notExists,
  ofCompany,
  or,
  partialUpdate,
  partition,
  remove,
  set,
  setAll,
  setIfAbsent,
  update,
  where,
} from '../../../lib/data/expressions';

describe('conditions (where)', () => {
  it('names an attribute through #<name> and its value through :c<n>', () => {
    expect(where(eq('status', 'PENDING'))).toEqual({
      expression: '#status = :c0',
      names: { '#status': 'status' },
      values: { ':c0': 'PENDING' },
    });
  });

  it('writes key attributes as they are, so item existence reads as always', () => {
    expect(itemExists()).toEqual({ expression: 'attribute_exists(pk)' });
    expect(noItem()).toEqual({ expression: 'attribute_not_exists(pk)' });
  });

  it('joins several conditions with AND, each value its own placeholder', () => {
    expect(where(eq(['kyb', 'check_id'], 'c1'), eq(['kyb', 'status'], 'PENDING'))).toEqual({
      expression: '#kyb.#check_id = :c0 AND #kyb.#status = :c1',
      names: { '#kyb': 'kyb', '#check_id': 'check_id', '#status': 'status' },
      values: { ':c0': 'c1', ':c1': 'PENDING' },
    });
  });

  it('parenthesizes an OR inside an AND and an AND inside an OR', () => {
    const seat = where(
      exists('pk'),
      or(
        notExists('seats_used'),
        lt('seats_used', attribute('member_limit')),
        and(notExists('member_limit'), lt('seats_used', 5)),
      ),
    );
    expect(seat.expression).toBe(
      'attribute_exists(pk) AND (attribute_not_exists(#seats_used) OR #seats_used < #member_limit OR ' +
        '(attribute_not_exists(#member_limit) AND #seats_used < :c0))',
    );
    expect(seat.values).toEqual({ ':c0': 5 });
  });

  it('compares with every operator, and negates a contains', () => {
    const all = where(ne('a', 1), le('b', 2), gt('c', 3), ge('d', 4), not(contains('related', 'x')));
    expect(all.expression).toBe('#a <> :c0 AND #b <= :c1 AND #c > :c2 AND #d >= :c3 AND NOT contains(#related, :c4)');
    expect(all.values).toEqual({ ':c0': 1, ':c1': 2, ':c2': 3, ':c3': 4, ':c4': 'x' });
  });

  it('gives a name that is not a plain word a numbered placeholder', () => {
    expect(where(eq('odd name', 1), eq('files.0', 2))).toEqual({
      expression: '#_c0 = :c0 AND #_c1 = :c1',
      names: { '#_c0': 'odd name', '#_c1': 'files.0' },
      values: { ':c0': 1, ':c1': 2 },
    });
  });

  it('says an item is of a company by its company_id', () => {
    expect(where(ofCompany('co'))).toEqual({
      expression: '#company_id = :c0',
      names: { '#company_id': 'company_id' },
      values: { ':c0': 'co' },
    });
  });
});

describe('partial updates (update)', () => {
  it('groups actions by clause, SET then REMOVE then ADD, each in the order given', () => {
    expect(update(add('attempts', 1), set('status', 'ANCHORED'), remove('gsi1pk'), set('url', 'u'))).toEqual({
      expression: 'SET #status = :u0, #url = :u1 REMOVE gsi1pk ADD #attempts :u2',
      names: { '#status': 'status', '#url': 'url', '#attempts': 'attempts' },
      values: { ':u0': 'ANCHORED', ':u1': 'u', ':u2': 1 },
    });
  });

  it('keeps update values apart from condition values, so one request can carry both', () => {
    const change = update(set('status', 'ACCEPTED'));
    const condition = where(eq('status', 'PENDING'));
    expect(Object.keys(change.values ?? {})).not.toContain(Object.keys(condition.values ?? {})[0]);
    expect(change.names).toEqual(condition.names);
  });

  it('sets only where absent, appends to a list made empty where missing, and sets nested paths', () => {
    expect(update(setIfAbsent('token', 't')).expression).toBe('SET #token = if_not_exists(#token, :u0)');
    expect(update(append('related_dpps', ['d']))).toEqual({
      expression: 'SET #related_dpps = list_append(if_not_exists(#related_dpps, :u0), :u1)',
      names: { '#related_dpps': 'related_dpps' },
      values: { ':u0': [], ':u1': ['d'] },
    });
    expect(update(set(['plan', 'confirmation'], 'SENT')).expression).toBe('SET #plan.#confirmation = :u0');
  });

  it('adds the elements of a set', () => {
    expect(update(add('pinned_paths', new Set(['a'])))).toEqual({
      expression: 'ADD #pinned_paths :u0',
      names: { '#pinned_paths': 'pinned_paths' },
      values: { ':u0': new Set(['a']) },
    });
  });

  it('sets every attribute of a record, flattening lists of actions', () => {
    expect(update(set('kyb', 1), setAll({ gsi1pk: 'KYB#PENDING', gsi1sk: 'co' }))).toEqual({
      expression: 'SET #kyb = :u0, gsi1pk = :u1, gsi1sk = :u2',
      names: { '#kyb': 'kyb' },
      values: { ':u0': 1, ':u1': 'KYB#PENDING', ':u2': 'co' },
    });
  });

  it('refuses an update with no action', () => {
    expect(() => update([])).toThrow(/set, remove or add/);
  });
});

describe('partialUpdate', () => {
  it('sets values, removes nulls and leaves undefined alone, whatever the attribute names', () => {
    expect(partialUpdate({ name: 'New', template_id: null, language: undefined, 'odd name': 1 })).toEqual({
      expression: 'SET #name = :u0, #_u0 = :u1 REMOVE #template_id',
      names: { '#name': 'name', '#_u0': 'odd name', '#template_id': 'template_id' },
      values: { ':u0': 'New', ':u1': 1 },
    });
  });

  it('has no values when it only removes', () => {
    expect(partialUpdate({ template_id: null })).toEqual({
      expression: 'REMOVE #template_id',
      names: { '#template_id': 'template_id' },
    });
  });

  it('refuses a change that neither sets nor removes', () => {
    expect(() => partialUpdate({ name: undefined })).toThrow(/set, remove or add/);
  });
});

describe('key conditions', () => {
  it('reads a whole item collection or a key range of it', () => {
    expect(partition('DPP#1')).toEqual({ expression: 'pk = :pk', values: { ':pk': 'DPP#1' } });
    expect(inRange({ pk: 'H#1', from: 'V#', to: 'V#~' })).toEqual({
      expression: 'pk = :pk AND sk BETWEEN :from AND :to',
      values: { ':pk': 'H#1', ':from': 'V#', ':to': 'V#~' },
    });
  });

  it('reads a gsi1 partition, a prefix of it, or a range of it', () => {
    expect(indexPartition('KYB#PENDING')).toEqual({ expression: 'gsi1pk = :pk', values: { ':pk': 'KYB#PENDING' } });
    expect(indexPrefix('CO#1', 'DPP#')).toEqual({
      expression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      values: { ':pk': 'CO#1', ':prefix': 'DPP#' },
    });
    expect(inIndexRange({ pk: 'CO#1', from: 'a', to: 'b' })).toEqual({
      expression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      values: { ':pk': 'CO#1', ':from': 'a', ':to': 'b' },
    });
  });
});
