import { describe, expect, it } from 'vitest';
import { LocalQueue } from '../../../../infra/local/engines/sqs';

/** The local queue's SQS semantics (infra/local/engines/sqs.ts), on a clock the test moves. */
function queues(maxReceiveCount = 3) {
  let now = 1_000;
  const deadLetters = new LocalQueue({
    visibilityTimeoutMs: 0,
    maxReceiveCount: Number.POSITIVE_INFINITY,
    now: () => now,
  });
  const queue = new LocalQueue({
    visibilityTimeoutMs: 30_000,
    maxReceiveCount,
    deadLetterQueue: deadLetters,
    now: () => now,
  });
  const advance = (ms: number) => {
    now += ms;
  };
  return { queue, deadLetters, advance };
}

describe('the local queue', () => {
  it('hides a received message for the visibility timeout and delivers it again when it was not deleted', () => {
    const { queue, advance } = queues();
    queue.send('import');
    const [first] = queue.receive();
    expect(first).toMatchObject({ body: 'import', receiveCount: 1 });
    expect(queue.receive()).toEqual([]);
    advance(29_999);
    expect(queue.receive()).toEqual([]);
    advance(1);
    const [again] = queue.receive();
    expect(again).toMatchObject({ messageId: first?.messageId, receiveCount: 2 });
    // The first receipt is stale: deleting with it deletes nothing.
    expect(queue.delete(first?.receiptHandle ?? '')).toBe(false);
    expect(queue.delete(again?.receiptHandle ?? '')).toBe(true);
    expect(queue.size).toBe(0);
  });

  it('moves a message to the dead-letter queue after maxReceiveCount receives', () => {
    const { queue, deadLetters, advance } = queues(2);
    queue.send('poison');
    expect(queue.receive()).toHaveLength(1);
    advance(30_000);
    expect(queue.receive()).toHaveLength(1);
    advance(30_000);
    expect(queue.receive()).toEqual([]);
    expect(queue.size).toBe(0);
    expect(deadLetters.receive()).toEqual([expect.objectContaining({ body: 'poison', receiveCount: 1 })]);
  });

  it('makes a message visible again at once when its visibility is changed to 0', () => {
    const { queue } = queues();
    queue.send('retry');
    const [message] = queue.receive();
    queue.changeVisibility(message?.receiptHandle ?? '', 0);
    expect(queue.receive()).toHaveLength(1);
  });
});
