import type { Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, required } from '../../../lib/config';
import type { Key } from '../../../lib/data/keys';
import { keyedStreamWorker, recordKey, streamWorker } from '../../../lib/events/stream-worker';
import { logger } from '../../../lib/logger';
import { countNotarizationAnchored } from '../../../lib/metrics';

/** The Middy composition of a stream worker (lib/events/stream-worker.ts), with a use case that records its calls. */
const context = { functionName: 'anchor-notarization', awsRequestId: 'req-1' } as Context;

const record = (sequence: string | undefined, key?: Key): DynamoDBRecord => ({
  eventID: `event-${sequence}`,
  eventName: 'INSERT',
  dynamodb: {
    ...(key && { Keys: { pk: { S: key.pk }, sk: { S: key.sk } } }),
    ...(sequence !== undefined && { SequenceNumber: sequence }),
    StreamViewType: 'KEYS_ONLY',
  },
});
const key = (n: number): Key => ({ pk: `HISTORY#dpp-${n}`, sk: `NOTARIZATION#0000000${n}` });
const event = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('streamWorker', () => {
  it('runs the use case once per record, in order, with the record’s keys, and reports no failure', async () => {
    const run = vi.fn(async (_key: Key) => 'anchored');
    const handler = streamWorker('anchor-notarization', run);
    expect(await handler(event(record('1', key(1)), record('2', key(2))), context)).toEqual({ batchItemFailures: [] });
    expect(run.mock.calls.map(([k]) => k)).toEqual([key(1), key(2)]);
  });

  it('reports the first record that fails by its sequence number and leaves the later ones to the redelivery', async () => {
    const run = vi.fn(async (k: Key) => {
      if (k.pk === key(2).pk) throw new Error('node down');
    });
    const warn = vi.spyOn(logger, 'warn');
    const handler = streamWorker('anchor-notarization', run);
    const answer = await handler(event(record('1', key(1)), record('2', key(2)), record('3', key(3))), context);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
    expect(run.mock.calls.map(([k]) => k)).toEqual([key(1), key(2)]);
    expect(warn).toHaveBeenCalledWith(
      'anchor-notarization: the record failed; the stream delivers it again',
      expect.objectContaining({ ...key(2), sequence: '2', error: expect.any(Error) }),
    );
  });

  it('fails the invocation when a failing record has no sequence number to report', async () => {
    const handler = streamWorker('anchor-notarization', async () => {
      throw new Error('node down');
    });
    await expect(handler(event(record(undefined, key(1))), context)).rejects.toThrow('node down');
  });

  it('passes over a record without pk and sk, logging an error, and runs the others', async () => {
    const run = vi.fn(async (_key: Key) => undefined);
    const errors = vi.spyOn(logger, 'error');
    const handler = streamWorker('anchor-notarization', run);
    expect(await handler(event(record('1'), record('2', key(2))), context)).toEqual({ batchItemFailures: [] });
    expect(run.mock.calls.map(([k]) => k)).toEqual([key(2)]);
    expect(errors).toHaveBeenCalledWith('anchor-notarization: a stream record without pk and sk; passed over', {
      event_id: 'event-1',
    });
  });

  it('logs each record’s lines under its stream event id and flushes the invocation’s metrics under the worker’s name', async () => {
    const lines: string[] = [];
    const setKeys = vi.spyOn(logger, 'setRequestKeys');
    const debug = vi.spyOn(logger, 'debug').mockImplementation((message, attributes) => {
      if (message === 'metrics') lines.push(JSON.stringify(attributes));
    });
    const handler = streamWorker('anchor-notarization', async () => {
      countNotarizationAnchored();
    });
    await handler(event(record('7', key(7))), context);
    expect(setKeys).toHaveBeenLastCalledWith(expect.objectContaining({ correlation_id: 'event-7' }));
    expect(debug).toHaveBeenCalled();
    expect(JSON.parse(lines[0]!).emf).toMatchObject({ route: 'anchor-notarization', NotarizationsAnchored: 1 });
  });

  it('checks the settings its modules declared when it is made (at cold start)', () => {
    required('EVM_RPC_URL'); // declared by the worker's modules
    vi.stubEnv('EVM_RPC_URL', ''); // an empty setting counts as missing (lib/config.ts)
    try {
      expect(() => streamWorker('anchor-notarization', async () => undefined)).toThrow(ConfigError);
      expect(() => streamWorker('anchor-notarization', async () => undefined)).toThrow(/EVM_RPC_URL/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('recordKey', () => {
  it('reads the string keys pk and sk of a KEYS_ONLY record, and nothing else', () => {
    expect(recordKey(record('1', key(1)))).toEqual(key(1));
    expect(recordKey(record('1'))).toBeUndefined();
    expect(recordKey({ dynamodb: { Keys: { pk: { S: 'a' }, sk: { N: '1' } } } })).toBeUndefined();
  });
});

describe('keyedStreamWorker (the back-up replicator)', () => {
  it('runs each distinct key of the batch once, whatever how many records name it', async () => {
    const run = vi.fn(async (_key: Key) => 'copied');
    const handler = keyedStreamWorker('replicate-to-backup', run, 4);
    const answer = await handler(
      event(record('1', key(1)), record('2', key(2)), record('3', key(1)), record('4', key(3)), record('5', key(2))),
      context,
    );
    expect(answer).toEqual({ batchItemFailures: [] });
    expect(run.mock.calls.map(([k]) => k).sort((a, b) => a.pk.localeCompare(b.pk))).toEqual([key(1), key(2), key(3)]);
  });

  it('runs at most `concurrency` keys at once', async () => {
    let running = 0;
    let most = 0;
    const handler = keyedStreamWorker(
      'replicate-to-backup',
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((wake) => setTimeout(wake, 5));
        running--;
      },
      2,
    );
    await handler(event(...[1, 2, 3, 4, 5, 6].map((n) => record(String(n), key(n)))), context);
    expect(most).toBe(2);
  });

  it('reports the earliest failing key by the sequence number of its first record, so the stream delivers it again', async () => {
    const handler = keyedStreamWorker(
      'replicate-to-backup',
      async (k: Key) => {
        if (k.pk === key(2).pk || k.pk === key(3).pk) throw new Error('back-up unreachable');
      },
      4,
    );
    const answer = await handler(
      event(record('1', key(1)), record('2', key(3)), record('3', key(2)), record('4', key(3))),
      context,
    );
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '2' }] });
  });

  it('fails the invocation when the failing record has no sequence number', async () => {
    const handler = keyedStreamWorker(
      'replicate-to-backup',
      async () => {
        throw new Error('back-up unreachable');
      },
      4,
    );
    await expect(handler(event(record(undefined, key(1))), context)).rejects.toThrow('back-up unreachable');
  });
});
