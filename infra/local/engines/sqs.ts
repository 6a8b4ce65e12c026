/**
 * A local queue with SQS's delivery semantics, for the import worker (infra/local/import-queue.ts):
 * a received message is invisible for its visibility timeout, delivered again when not deleted
 * by then, and moved to the dead-letter queue on the receive after maxReceiveCount (as SQS's
 * redrive policy does). In process, not a server: nothing in lib/ speaks SQS (in the cloud S3
 * sends to the queue and the event source mapping receives and deletes), so only these
 * semantics need a stand-in, not the wire format. Why not ElasticMQ: docs/choices.md, Bulk import.
 */
import { randomUUID } from 'node:crypto';

export interface QueueMessage {
  messageId: string;
  receiptHandle: string;
  body: string;
  /** Receives so far, this one included (SQS's ApproximateReceiveCount). */
  receiveCount: number;
  sentAt: number;
}

interface Stored {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: number;
  visibleAt: number;
  receiptHandle?: string;
}

export interface LocalQueueOptions {
  visibilityTimeoutMs: number;
  maxReceiveCount: number;
  /** Where a message goes after maxReceiveCount receives. */
  deadLetterQueue?: LocalQueue;
  now?: () => number;
}

export class LocalQueue {
  private readonly messages: Stored[] = [];
  private readonly now: () => number;

  constructor(private readonly options: LocalQueueOptions) {
    this.now = options.now ?? Date.now;
  }

  send(body: string): string {
    const messageId = randomUUID();
    this.messages.push({ messageId, body, receiveCount: 0, sentAt: this.now(), visibleAt: 0 });
    return messageId;
  }

  /** Up to `max` visible messages, each now invisible for the visibility timeout. */
  receive(max = 1): QueueMessage[] {
    const now = this.now();
    const received: QueueMessage[] = [];
    for (const message of [...this.messages]) {
      if (received.length >= max) break;
      if (message.visibleAt > now) continue;
      if (message.receiveCount >= this.options.maxReceiveCount) {
        // The redrive policy: past maxReceiveCount the message moves instead of being delivered.
        this.messages.splice(this.messages.indexOf(message), 1);
        this.options.deadLetterQueue?.send(message.body);
        continue;
      }
      message.receiveCount += 1;
      message.visibleAt = now + this.options.visibilityTimeoutMs;
      message.receiptHandle = randomUUID();
      received.push({
        messageId: message.messageId,
        receiptHandle: message.receiptHandle,
        body: message.body,
        receiveCount: message.receiveCount,
        sentAt: message.sentAt,
      });
    }
    return received;
  }

  /** Deletes a received message; a stale receipt (the message was delivered again since) deletes nothing. */
  delete(receiptHandle: string): boolean {
    const index = this.messages.findIndex((message) => message.receiptHandle === receiptHandle);
    if (index < 0) return false;
    this.messages.splice(index, 1);
    return true;
  }

  /** Makes a received message visible again after `ms` (0: at once). */
  changeVisibility(receiptHandle: string, ms: number): void {
    const message = this.messages.find((candidate) => candidate.receiptHandle === receiptHandle);
    if (message) message.visibleAt = this.now() + ms;
  }

  /** Messages in the queue, visible or not (SQS's ApproximateNumberOfMessages + NotVisible). */
  get size(): number {
    return this.messages.length;
  }
}
