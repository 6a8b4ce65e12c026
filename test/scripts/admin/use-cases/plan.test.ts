import { describe, expect, it } from 'vitest';
import type { TransactionItem } from '../../../../lib/aws/dynamodb';
import * as keys from '../../../../lib/data/keys';
import type { Fixture } from '../../../../scripts/admin/use-cases/fixtures';
import { describeProgress, type ImportProgress } from '../../../../scripts/admin/use-cases/import';
import { type PlannedItem, planRecord } from '../../../../scripts/admin/use-cases/plan';
import { keyString } from '../../../../scripts/admin/use-cases/repository';

/**
 * What one import record writes, from what the table already holds: the idempotency rules,
 * without a table (test/functions/admin-import-export.test.ts runs them against DynamoDB Local).
 */
const fixture: Fixture = { bytes: Buffer.from('%PDF-1.4'), mimeType: 'application/pdf', sha256: 'ab'.repeat(32) };
const file = (n: number): PlannedItem => ({
  item: { ...keys.dppFile('dpp-1', `f${n}`), type: 'DPP_FILE' },
  object: { key: `companies/c/dpps/dpp-1/files/f${n}/u`, fixture },
});
const dpp: PlannedItem = { item: { ...keys.dpp('dpp-1'), type: 'DPP' } };
const seat: TransactionItem = {
  update: keys.company('c'),
  set: { expression: 'ADD #seats :n', names: { '#seats': 'seats_used' }, values: { ':n': 1 } },
};
const puts = (legs: TransactionItem[]) => legs.map((leg) => ('put' in leg ? leg.put.sk : 'update'));

describe('planRecord', () => {
  it('writes every item of a new record in one transaction, each only if absent, the root last', () => {
    const plan = planRecord([file(1), file(2), dpp], new Set());
    expect(plan.transactions).toHaveLength(1);
    expect(puts(plan.transactions[0]!)).toEqual(['DPP_FILE#f1', 'DPP_FILE#f2', 'DPP']);
    expect(
      plan.transactions[0]!.every((leg) => 'put' in leg && leg.condition?.expression === 'attribute_not_exists(pk)'),
    ).toBe(true);
    expect(plan.objects.map((o) => o.key)).toEqual([file(1).object!.key, file(2).object!.key]);
    expect({ written: plan.written, present: plan.present }).toEqual({ written: 3, present: 0 });
  });

  it('writes nothing, uploads nothing and touches no counter when every item is there', () => {
    const existing = new Set([file(1), file(2), dpp].map(({ item }) => keyString(item)));
    const plan = planRecord([file(1), file(2), dpp], existing, [seat]);
    expect(plan).toEqual({ transactions: [], objects: [], written: 0, present: 3 });
  });

  it('writes only the missing items of a record partly there, and uploads only their bytes', () => {
    const existing = new Set([keyString(dpp.item), keyString(file(1).item)]);
    const plan = planRecord([file(1), file(2), dpp], existing, [seat]);
    expect(puts(plan.transactions[0]!)).toEqual(['DPP_FILE#f2', 'update']);
    expect(plan.objects.map((o) => o.key)).toEqual([file(2).object!.key]);
    expect({ written: plan.written, present: plan.present }).toEqual({ written: 1, present: 2 });
  });

  it('splits a record of more than 100 items into transactions of 100, the root and extra legs in the last', () => {
    const files = Array.from({ length: 150 }, (_, n) => file(n));
    const plan = planRecord([...files, dpp], new Set(), [seat]);
    expect(plan.transactions.map((t) => t.length)).toEqual([100, 52]);
    expect(puts(plan.transactions[1]!).slice(-2)).toEqual(['DPP', 'update']);
  });

  it('splits before a transaction would pass 4 MB', () => {
    const big = (n: number): PlannedItem => ({
      item: { ...keys.dppTranslation('dpp-1', `l${n}`), type: 'DPP_TRANSLATION', text: 'x'.repeat(300_000) },
    });
    const plan = planRecord([...Array.from({ length: 20 }, (_, n) => big(n)), dpp], new Set());
    expect(plan.transactions.map((t) => t.length)).toEqual([13, 8]);
  });
});

describe('describeProgress', () => {
  const progress = (outcome: ImportProgress['outcome'], more: Partial<ImportProgress> = {}): ImportProgress => ({
    done: 12,
    total: 40,
    kind: 'dpp',
    id: 'dpp-1',
    path: 'companies[0].dpps[2]',
    outcome,
    written: outcome === 'present' ? 0 : 12,
    present: outcome === 'created' ? 0 : 3,
    transactions: 1,
    ...more,
  });

  it('counts the records and says what happened to this one', () => {
    expect(describeProgress(progress('created'))).toBe('[12/40] dpp dpp-1 created');
    expect(describeProgress(progress('present'))).toBe('[12/40] dpp dpp-1 already present');
    expect(describeProgress(progress('completed'))).toBe(
      '[12/40] dpp dpp-1 completed: 12 missing items written, 3 already present',
    );
  });

  it('says when a record took more than one transaction', () => {
    expect(describeProgress(progress('created', { written: 152, transactions: 2 }))).toBe(
      '[12/40] dpp dpp-1 created (152 items in 2 transactions)',
    );
  });
});
