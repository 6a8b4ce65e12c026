/**
 * The local table's writes, as the IAM proxy in front of DynamoDB Local sees them go through
 * (infra/local/iam/proxy.ts): the stream workers (stream-worker.ts) read the stream at once after
 * one instead of polling it ten times a second while nothing happens, which kept an idle
 * `npm start` (and every stack of the test suite) busy. A write that goes around the proxy (a
 * test's own client on the engine, a stack without the IAM check) is read by the next poll.
 */
import { EventEmitter } from 'node:events';

/** The IAM actions of a call that writes items (a transaction's and a batch's legs are these too). */
const WRITES = new Set(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']);

const writes = new EventEmitter().setMaxListeners(0);

/** Whether a call with this IAM action writes items. */
export const isTableWrite = (action: string): boolean => WRITES.has(action);

/** A write went through to the engine. */
export function tableWritten(): void {
  writes.emit('write');
}

/** Calls `listener` after each write; returns how to stop. */
export function onTableWrite(listener: () => void): () => void {
  writes.on('write', listener);
  return () => writes.off('write', listener);
}
