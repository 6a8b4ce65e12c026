import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as getDpp } from '../../../../functions/get-dpp';
import { handler as getDppFile } from '../../../../functions/get-dpp-file';
import { handler as listDppFiles } from '../../../../functions/list-dpp-files';
import { dynamoErrors, s3Errors } from '../../../support/unit/aws-errors';
import { invoke, type TestResponse } from '../../../support/unit/events';
import { IDS } from '../../../support/unit/items';
import { mintToken } from '../../../support/unit/tokens';

/** Faults a local engine cannot produce: DynamoDB throttling and 5xx, mapped by the one error middleware. */
const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

beforeEach(() => {
  db.reset();
  s3.reset();
});

const faults = [
  ['ProvisionedThroughputExceededException (HTTP 400)', dynamoErrors.provisionedThroughputExceeded],
  ['ThrottlingException (HTTP 400)', dynamoErrors.throttling],
  ['InternalServerError (HTTP 500)', dynamoErrors.internalServerError],
  ['a network error (ECONNRESET)', s3Errors.connectionReset],
] as const;

function expectServiceUnavailable(response: TestResponse): void {
  expect(response.status).toBe(503);
  expect(response.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(response.headers['content-type']).toBe('application/json');
  expect(response.json).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
  expect(response.text).not.toMatch(
    /unit-table|unit-bucket|throughput|Rate exceeded|Internal server error on|socket|REQ-UNIT/i,
  );
}

describe('a throttled or failing DynamoDB read', () => {
  it.each(faults)('answers 503 with retry-after on list-dpp-files for %s', async (_, fault) => {
    db.on(QueryCommand).rejects(fault());
    const response = await invoke('list-dpp-files', listDppFiles, {
      method: 'GET',
      url: `/view-dpp-files/${IDS.dpp}`,
      token: await mintToken(),
    });
    expectServiceUnavailable(response);
    expect(db.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it.each(faults)('answers 503 with retry-after on get-dpp for %s', async (_, fault) => {
    db.on(QueryCommand).rejects(fault());
    const response = await invoke('get-dpp', getDpp, {
      method: 'GET',
      url: `/dpp/${IDS.dpp}`,
      headers: { language: 'de' },
    });
    expectServiceUnavailable(response);
  });

  it.each(faults)('answers 503 with retry-after on get-dpp-file (GetItem) for %s', async (_, fault) => {
    db.on(GetCommand).rejects(fault());
    const response = await invoke('get-dpp-file', getDppFile, {
      method: 'GET',
      url: `/models/${IDS.model}/view-dpp-file/${IDS.dpp}/file/${IDS.dppFile}`,
      token: await mintToken(),
    });
    expectServiceUnavailable(response);
  });

  it('answers 503 when the Query fails on a later page of the same read', async () => {
    db.on(QueryCommand)
      .resolvesOnce({ Items: [], LastEvaluatedKey: { pk: `DPP#${IDS.dpp}`, sk: 'CARD#x' } })
      .rejects(dynamoErrors.throttling());
    const response = await invoke('get-dpp', getDpp, { method: 'GET', url: `/dpp/${IDS.dpp}` });
    expectServiceUnavailable(response);
    expect(db.commandCalls(QueryCommand)).toHaveLength(2);
  });
});
