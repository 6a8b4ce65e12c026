import { createServer, type Server, type Socket } from 'node:net';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounded, budget, clientSettings, lastCalls, withBudget } from '../../../lib/aws/budget';
import { isDependencyUnavailable } from '../../../lib/aws/errors';
import { failure } from '../../support/unit/rejection';

/**
 * The time budget every AWS call runs in (lib/aws/budget.ts), against a real socket that
 * accepts connections and never answers (what a paused DynamoDB Local does) and a port
 * where nothing listens (a stopped one).
 */
const servers: Server[] = [];
const sockets: Socket[] = [];
let silentUrl = '';

/**
 * A server that accepts and never answers, and the connections it accepted. A test that counts
 * connections takes one of its own: under load, a connection an earlier test opened can be
 * accepted late, during the next test.
 */
async function silentServer(): Promise<{ url: string; accepted: () => number }> {
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.push(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, accepted: () => accepted };
}

beforeAll(async () => {
  silentUrl = (await silentServer()).url;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const client = (endpoint: string, requestTimeoutMs: number) =>
  bounded(
    new DynamoDBClient({
      region: 'eu-central-1',
      endpoint,
      credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' },
      ...clientSettings(requestTimeoutMs),
    }),
  );
const put = () => new PutItemCommand({ TableName: 't', Item: { pk: { S: 'a' }, sk: { S: 'a' } } });
const get = () => new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'a' } } });
const soon = (ms: number) => ({ work: Date.now() + ms, last: Date.now() + ms + 200 });

describe('a call within the request budget', () => {
  it('is cut when the budget runs out, and fails as a dependency being unavailable (503), not as a bug', async () => {
    const error = await withBudget(soon(300), () => failure(client(silentUrl, 60_000).send(put())));
    expect((error as Error).name).toBe('AbortError');
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it('is tried three times, each attempt with its own timeout, when the budget allows', async () => {
    const own = await silentServer();
    const error = await withBudget(soon(60_000), () => failure(client(own.url, 150).send(get())));
    expect(isDependencyUnavailable(error)).toBe(true);
    expect(own.accepted()).toBe(3);
  });

  it('is not sent at all once the budget is spent', async () => {
    const own = await silentServer();
    const error = await withBudget(soon(0), async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return failure(client(own.url, 60_000).send(get()));
    });
    expect((error as Error).name).toBe('AbortError');
    expect(own.accepted()).toBe(0);
  });

  it('marks the outcome unknown when a write got no answer, not when a read did', async () => {
    const read = await withBudget(soon(60_000), async () => {
      await failure(client(silentUrl, 100).send(get()));
      return budget()?.unanswered === true;
    });
    const written = await withBudget(soon(60_000), async () => {
      await failure(client(silentUrl, 100).send(put()));
      return budget()?.unanswered === true;
    });
    expect({ read, written }).toEqual({ read: false, written: true });
  });

  it('knows a write that could not connect was not applied', async () => {
    const unknown = await withBudget(soon(60_000), async () => {
      await failure(client('http://127.0.0.1:1', 100).send(put()));
      return budget()?.unanswered === true;
    });
    expect(unknown).toBe(false);
  });

  it('gives the last calls their own turn after the work’s budget is spent, keeping the request’s record', async () => {
    const state = await withBudget({ work: Date.now(), last: Date.now() + 60_000 }, async () => {
      budget()!.keyed = true;
      await new Promise((resolve) => setImmediate(resolve));
      const work = await failure(client(silentUrl, 60_000).send(get()));
      const last = await lastCalls(() => failure(client(silentUrl, 100).send(get())));
      return { work: (work as Error).name, last: (last as Error).name, keyed: budget()?.keyed };
    });
    // The last call was sent (and timed out on its own attempts), not refused at once.
    expect(state).toEqual({ work: 'AbortError', last: 'TimeoutError', keyed: true });
  });
});
