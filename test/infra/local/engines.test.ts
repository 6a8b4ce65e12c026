/**
 * The local engines, driven with the real AWS SDK v3 clients: what `npm start` and the
 * integration tests rely on (DynamoDB transactions and GSIs, SigV4-checked presigned URLs,
 * SES capture), on the integration stack's own engines (a table and bucket of this file's),
 * and, on engines of its own, that they keep their data across a restart and that stop()
 * leaves nothing behind.
 */

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  TransactionCanceledException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { childProcesses, refusesConnections } from '../../support/processes';

/** The child processes the engines start: DynamoDB Local's JVM, anvil, and their watchdogs. */
const ENGINE_PROCESSES = /DynamoDBLocal\.jar|dynamodb-local-watchdog|bin\/anvil |anvil-watchdog/;

import {
  DYNAMODB_LOCAL_CREDENTIALS,
  DYNAMODB_LOCAL_REGION,
  type Engines,
  S3_LOCAL_CREDENTIALS,
  startEngines,
} from '../../../infra/local/engines/index';

const REGION = DYNAMODB_LOCAL_REGION;
const START_TIMEOUT = 60_000;

describe('the local stack’s engines', () => {
  const env = inject('localEnv');
  const engines = {
    dynamodb: { endpoint: env.DYNAMODB_ENDPOINT! },
    s3: { endpoint: env.S3_ENDPOINT! },
    ses: { endpoint: env.SES_ENDPOINT!, storeUrl: inject('sesStoreUrl') },
    stripe: { endpoint: env.STRIPE_API_URL! },
    vies: { endpoint: env.VIES_URL! },
  };

  describe('DynamoDB Local', () => {
    const table = 'engines-test';
    let dynamodb: DynamoDBClient;
    let documents: DynamoDBDocumentClient;

    beforeAll(async () => {
      dynamodb = dynamoDbClient(engines.dynamodb.endpoint);
      documents = DynamoDBDocumentClient.from(dynamodb);
      await dynamodb.send(createSingleTable(table));
    });

    afterAll(() => dynamodb.destroy());

    it('enables TTL on the table', async () => {
      await dynamodb.send(
        new UpdateTimeToLiveCommand({
          TableName: table,
          TimeToLiveSpecification: { Enabled: true, AttributeName: 'expiresAt' },
        }),
      );
      const { TimeToLiveDescription } = await dynamodb.send(new DescribeTimeToLiveCommand({ TableName: table }));
      expect(TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
    });

    it('cancels a whole transaction when a ConditionCheck fails, writing nothing', async () => {
      await documents.send(new PutCommand({ TableName: table, Item: { pk: 'ORG#1', sk: 'META', name: 'Acme' } }));

      const transaction = documents.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table, Item: { pk: 'ORG#1', sk: 'USER#1' } } },
            {
              ConditionCheck: {
                TableName: table,
                Key: { pk: 'ORG#1', sk: 'META' },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );

      const error = await transaction.then(
        () => undefined,
        (rejection: unknown) => rejection,
      );
      expect(error).toBeInstanceOf(TransactionCanceledException);
      expect((error as TransactionCanceledException).CancellationReasons?.map((reason) => reason.Code)).toEqual([
        'None',
        'ConditionalCheckFailed',
      ]);
      const { Item } = await documents.send(new GetCommand({ TableName: table, Key: { pk: 'ORG#1', sk: 'USER#1' } }));
      expect(Item).toBeUndefined();
    });

    it('queries the GSI', async () => {
      for (const [sk, gsi1sk] of [
        ['PASSPORT#2', '2024-02'],
        ['PASSPORT#1', '2024-01'],
      ] as const) {
        await documents.send(
          new PutCommand({ TableName: table, Item: { pk: 'ORG#2', sk, gsi1pk: 'PRODUCT#9', gsi1sk } }),
        );
      }

      const { Items } = await documents.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :product',
          ExpressionAttributeValues: { ':product': 'PRODUCT#9' },
        }),
      );

      expect(Items?.map((item) => item.sk)).toEqual(['PASSPORT#1', 'PASSPORT#2']);
    });
  });

  describe('S3 (s3rver)', () => {
    const bucket = 'engines-test';
    const key = 'files/blob.bin';
    const bytes = new Uint8Array(randomBytes(64 * 1024));
    let s3: S3Client;

    beforeAll(async () => {
      s3 = s3Client(engines.s3.endpoint);
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    });

    afterAll(() => s3.destroy());

    it('returns the bytes that were put', async () => {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      expect(await object.Body?.transformToByteArray()).toEqual(bytes);
    });

    it('serves the exact bytes through a presigned GET URL', async () => {
      const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 60 });

      const response = await fetch(url);

      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    });

    it('refuses a presigned URL whose signature was tampered with', async () => {
      const url = new URL(
        await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 60 }),
      );
      url.searchParams.set('X-Amz-Signature', flipLastHexDigit(url.searchParams.get('X-Amz-Signature') ?? ''));

      const response = await fetch(url);

      expect(response.status).toBe(403);
      expect(await response.text()).toContain('SignatureDoesNotMatch');
    });

    it('refuses an expired presigned URL', async () => {
      const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 1 });
      await new Promise((wake) => setTimeout(wake, 2_100));

      const response = await fetch(url);

      expect(response.status).toBe(403);
      expect(await response.text()).toContain('Request has expired');
    });
  });

  describe('SES (aws-ses-v2-local)', () => {
    it('captures a v1 SendEmail in its store', async () => {
      const ses = new SESClient({
        endpoint: engines.ses.endpoint,
        region: REGION,
        credentials: DYNAMODB_LOCAL_CREDENTIALS,
      });
      const subject = `engines test ${Date.now()}`;

      const { MessageId } = await ses.send(
        new SendEmailCommand({
          Source: 'noreply@example.com',
          Destination: { ToAddresses: ['someone@example.com'] },
          Message: { Subject: { Data: subject }, Body: { Text: { Data: 'Hello' } } },
        }),
      );
      ses.destroy();

      const store = (await (await fetch(engines.ses.storeUrl)).json()) as { emails: Array<Record<string, unknown>> };
      expect(store.emails).toContainEqual(
        expect.objectContaining({
          messageId: MessageId,
          from: 'noreply@example.com',
          subject,
          destination: expect.objectContaining({ to: ['someone@example.com'] }),
        }),
      );
    });
  });

  describe('Stripe stand-in', () => {
    it('is healthy', async () => {
      expect((await fetch(`${engines.stripe.endpoint}/health`)).status).toBe(200);
    });

    it("answers an unknown route with Stripe's own 404", async () => {
      const response = await fetch(`${engines.stripe.endpoint}/v1/x`);

      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { type: 'invalid_request_error', message: 'Unrecognized request URL (GET: /v1/x).' },
      });
    });
  });

  describe('VIES stand-in', () => {
    it('is healthy', async () => {
      expect((await fetch(`${engines.vies.endpoint}/health`)).status).toBe(200);
    });

    it('answers an unknown route 404 in VIES error shape', async () => {
      const response = await fetch(`${engines.vies.endpoint}/nope`, { method: 'POST', body: '{}' });

      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ actionSucceed: false, errorWrappers: [{ error: 'NOT_FOUND' }] });
    });
  });
});

describe('startEngines({ dataDir }): engines of its own, stopped and started again', () => {
  let dataDir: string;
  let first: Engines | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'engines-data-'));
    first = await startEngines({ dataDir });
    await withClient(dynamoDbClient(first.dynamodb.endpoint), (client) => client.send(createSingleTable('kept')));
    await withClient(s3Client(first.s3.endpoint), async (client) => {
      await client.send(new CreateBucketCommand({ Bucket: 'kept' }));
      await client.send(new PutObjectCommand({ Bucket: 'kept', Key: 'a.txt', Body: 'still here' }));
    });
  }, START_TIMEOUT);

  afterAll(async () => {
    await first?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, START_TIMEOUT);

  it('stop() frees every port and leaves no java or anvil process behind', async () => {
    const engines = first!;
    first = undefined;
    const ports = [engines.dynamodb, engines.s3, engines.ses, engines.stripe, engines.vies, engines.evm].map(portOf);

    await engines.stop();

    for (const port of ports) expect(await refusesConnections(port)).toBe(true);
    expect(await childProcesses(ENGINE_PROCESSES)).toEqual([]);
  });

  it(
    'keeps DynamoDB tables and S3 objects across a restart',
    async () => {
      // Stopped already by the test above, unless it was left out.
      await first?.stop();
      first = undefined;
      const second = await startEngines({ dataDir });
      try {
        const { TableNames } = await withClient(dynamoDbClient(second.dynamodb.endpoint), (client) =>
          client.send(new ListTablesCommand({})),
        );
        expect(TableNames).toEqual(['kept']);
        const text = await withClient(s3Client(second.s3.endpoint), async (client) => {
          const object = await client.send(new GetObjectCommand({ Bucket: 'kept', Key: 'a.txt' }));
          return object.Body?.transformToString();
        });
        expect(text).toBe('still here');
      } finally {
        await second.stop();
      }
    },
    START_TIMEOUT,
  );
});

describe('startEngines failing', () => {
  let blocker: Server;

  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it(
    'stops the engines that did start and rethrows',
    async () => {
      await expect(startEngines({ ports: { stripe: portOfServer(blocker) } })).rejects.toThrow(/EADDRINUSE/);

      expect(await childProcesses(ENGINE_PROCESSES)).toEqual([]);
    },
    START_TIMEOUT,
  );
});

// ---------------------------------------------------------------------------------------------

function dynamoDbClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: REGION, credentials: DYNAMODB_LOCAL_CREDENTIALS });
}

function s3Client(endpoint: string): S3Client {
  return new S3Client({ endpoint, region: REGION, credentials: S3_LOCAL_CREDENTIALS, forcePathStyle: true });
}

async function withClient<C extends { destroy(): void }, T>(client: C, use: (client: C) => Promise<T>): Promise<T> {
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

/** The single-table layout the service uses: pk/sk plus one overloaded GSI. */
function createSingleTable(name: string): CreateTableCommand {
  return new CreateTableCommand({
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((AttributeName) => ({
      AttributeName,
      AttributeType: 'S',
    })),
    GlobalSecondaryIndexes: [
      {
        IndexName: 'gsi1',
        KeySchema: [
          { AttributeName: 'gsi1pk', KeyType: 'HASH' },
          { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  });
}

function flipLastHexDigit(signature: string): string {
  const last = signature.slice(-1);
  return signature.slice(0, -1) + (last === '0' ? '1' : '0');
}

function portOf(engine: { endpoint: string }): number {
  return Number(new URL(engine.endpoint).port);
}

function portOfServer(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}
