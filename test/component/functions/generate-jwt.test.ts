import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/generate-jwt';
import {
  API_KEY,
  authItems,
  DISABLED_KEY,
  OTHER_COMPANY_WALLET,
  UNKNOWN_KEY,
  UNKNOWN_WALLET,
  WALLET,
} from '../../support/unit/api-keys';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { invoke } from '../../support/unit/events';
import { answerBatchGetFrom } from '../../support/unit/fake-table';

const db = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  db.reset();
  answerBatchGetFrom(db, authItems);
});

describe('GET /generateJWT/{api_key}/{wallet_address}', () => {
  const call = (apiKey: string, wallet: string) =>
    invoke('generate-jwt', handler, { method: 'GET', url: `/generateJWT/${encodeURIComponent(apiKey)}/${wallet}` });

  it('answers 200 with authToken', async () => {
    const response = await call(API_KEY, WALLET);
    expect(response.status).toBe(200);
    expect(Object.keys(response.json)).toEqual(['authToken']);
  });

  it('answers unknown, disabled and mismatched keys with the same 401 body and headers', async () => {
    const responses = await Promise.all([
      call(UNKNOWN_KEY, WALLET),
      call(DISABLED_KEY, WALLET),
      call(API_KEY, OTHER_COMPANY_WALLET),
      call(API_KEY, UNKNOWN_WALLET),
    ]);
    // Apart from each request's own correlation id, nothing tells the cases apart.
    const alike = ({ 'x-correlation-id': _, ...headers }: Record<string, string>) => headers;
    for (const response of responses) {
      expect(response.status).toBe(401);
      expect(response.text).toBe('{"error":"invalid API key","code":"INVALID_API_KEY"}');
      expect(alike(response.headers)).toEqual(alike(responses[0]!.headers));
    }
  });

  it('answers 400 with the detail path wallet_address for an address that is not 20 hex bytes, without reading the table', async () => {
    const response = await call(API_KEY, '0x1234');
    expect(response.status).toBe(400);
    expect(response.json.details).toEqual([{ path: 'wallet_address', message: expect.any(String) }]);
    expect(db.calls()).toHaveLength(0);
  });

  it('answers 503 when DynamoDB keeps leaving the keys unprocessed, after three tries', async () => {
    db.reset();
    db.on(BatchGetCommand).callsFake((input) => ({
      Responses: {},
      UnprocessedKeys: input.RequestItems,
      $metadata: {},
    }));
    const response = await call(API_KEY, WALLET);
    expect(response.status).toBe(503);
    expect(response.json.code).toBe('SERVICE_UNAVAILABLE');
    expect(db.commandCalls(BatchGetCommand)).toHaveLength(3);
  });

  it('answers 503 with retry-after when the read is throttled', async () => {
    db.reset();
    db.on(BatchGetCommand).rejects(dynamoErrors.provisionedThroughputExceeded());
    const response = await call(API_KEY, WALLET);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
  });
});
