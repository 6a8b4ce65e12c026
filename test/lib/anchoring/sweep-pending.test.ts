import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEvm } from '../../../infra/local/engines/evm';
import { AnchorKeyError } from '../../../lib/anchoring/anchor-key';
import { sweepPendingNotarizations } from '../../../lib/anchoring/sweep-pending';
import * as keys from '../../../lib/data/keys';
import type { NotarizationItem } from '../../../lib/notarizations/model';
import { chainAt, chainDeps, keyOf, metricsOf, pendingRecord } from '../../support/unit/anchoring';
import { type FakeRecords, fakeRecords } from '../../support/unit/fake-records';

/**
 * The anchor worker's scheduled sweep: what its stream deliveries left PENDING (an outage, an
 * empty account, confirmations to come) is tried again from the pending index, and each run
 * reports the anchoring account's balance. The table is a fake, the chain a real anvil.
 */
const db = mockClient(DynamoDBDocumentClient);
let evm: Awaited<ReturnType<typeof startEvm>>;
let table: FakeRecords;

beforeAll(async () => {
  evm = await startEvm();
}, 60_000);
afterAll(async () => {
  await evm?.stop();
});
beforeEach(() => {
  db.reset();
});

const stored = (record: NotarizationItem) => table.item(keyOf(record)) as NotarizationItem | undefined;

describe('sweepPendingNotarizations', () => {
  it('tries every PENDING notarization of the pending index again, oldest first, and reports the balance', async () => {
    const older = pendingRecord({ created_at: '2026-11-20T10:00:00.000Z', attempts: 7, waiting_for: 'chain' });
    const newer = pendingRecord({ created_at: '2026-11-21T10:00:00.000Z', attempts: 5, waiting_for: 'funds' });
    const anchored = { ...pendingRecord(), status: 'ANCHORED' as const };
    table = fakeRecords(db, [newer, anchored, older]);

    const { result, emf } = await metricsOf(() => sweepPendingNotarizations({}, chainDeps(evm.endpoint)));

    expect(result).toEqual({
      tried: 2,
      anchored: 2,
      waiting: 0,
      failed: 0,
      other: 0,
      stoppedEarly: false,
      chainUnreachable: false,
    });
    expect(db.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: keys.gsi1.name,
      ExpressionAttributeValues: { ':pk': keys.gsi1.notarizationPendingPartition() },
    });
    for (const record of [older, newer]) {
      expect(stored(record)).toMatchObject({ status: 'ANCHORED' });
      expect(stored(record)).not.toHaveProperty('gsi1pk');
    }
    expect(stored(older)!.nonce).toBeLessThan(stored(newer)!.nonce!);
    expect(emf).toMatchObject({ NotarizationsAnchored: 2, AnchorAccountBalance: expect.any(Number) });
  });

  it('tries nothing while the node is unreachable (each attempt would only wait for it): the notarizations stay PENDING for the next run', async () => {
    const record = pendingRecord({ attempts: 20, waiting_for: 'chain' });
    table = fakeRecords(db, [record]);
    const gone = chainDeps(evm.endpoint, [], { chain: () => chainAt('http://127.0.0.1:9/') });

    const { result, emf } = await metricsOf(() => sweepPendingNotarizations({}, gone));

    expect(result).toMatchObject({ tried: 0, chainUnreachable: true });
    expect(stored(record)).toEqual(record);
    expect(emf).toMatchObject({ AnchoringBlocked: 1 });
    expect(emf).not.toHaveProperty('AnchorAccountBalance');
  });

  it('still tries every notarization when the balance cannot be read for another cause (a wrong setting they record)', async () => {
    const record = pendingRecord({ attempts: 2 });
    table = fakeRecords(db, [record]);
    const otherChain = chainDeps(evm.endpoint, [], {
      key: async () => {
        throw new AnchorKeyError('The anchoring-key secret does not hold an anchoring key');
      },
    });

    const result = await sweepPendingNotarizations({}, otherChain);

    expect(result).toMatchObject({ tried: 1, waiting: 1, failed: 0, chainUnreachable: false });
    expect(stored(record)).toMatchObject({ status: 'PENDING', waiting_for: 'configuration', attempts: 3 });
  });

  it('takes no record with less time left than its reserve, and says it stopped early', async () => {
    const record = pendingRecord();
    table = fakeRecords(db, [record]);

    const summary = await sweepPendingNotarizations(
      { remainingMs: () => 1_000, reserveMs: 30_000 },
      chainDeps(evm.endpoint),
    );

    expect(summary).toMatchObject({ tried: 0, stoppedEarly: true });
    expect(stored(record)).toMatchObject({ status: 'PENDING', attempts: 0 });
  });
});
