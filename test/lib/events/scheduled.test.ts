import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { scheduledWorker } from '../../../lib/events/scheduled';
import { logger } from '../../../lib/logger';

const context = (remaining: number) =>
  ({ functionName: 'retry-pending-kyb', awsRequestId: 'req-1', getRemainingTimeInMillis: () => remaining }) as Context;

describe('scheduledWorker', () => {
  it("hands the use case Lambda's time left and answers what it returns", async () => {
    const run = vi.fn(async ({ remainingMs }: { remainingMs(): number }) => ({ left: remainingMs() }));
    const handler = scheduledWorker('retry-pending-kyb', run);
    expect(await handler({ executionId: 'exec-1', scheduledTime: '2026-11-22T05:00:00Z' }, context(42_000))).toEqual({
      left: 42_000,
    });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('logs a failed run with its execution id as the correlation id, and fails the invocation (the Errors alarm)', async () => {
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((line) => {
      lines.push(String(line));
      return true;
    });
    const level = vi.spyOn(logger, 'isEnabled').mockReturnValue(true);
    try {
      const handler = scheduledWorker('retry-pending-kyb', async () => {
        throw new Error('the table is down');
      });
      await expect(handler({ executionId: 'exec-2' }, context(1_000))).rejects.toThrow('the table is down');
    } finally {
      write.mockRestore();
      level.mockRestore();
    }
    const error = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 'ERROR');
    expect(error).toMatchObject({
      message: expect.stringContaining('the next scheduled run does its work'),
      correlation_id: 'exec-2',
      function_name: 'retry-pending-kyb',
      error: { message: 'the table is down' },
    });
  });
});
