import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { handler as health } from '../../../functions/health';
import { invoke } from '../../support/unit/events';

describe('GET /health', () => {
  it('answers 200 {"status":"ok"} without a token and without a request to the table', async () => {
    const db = mockClient(DynamoDBDocumentClient);
    const response = await invoke('health', health, {
      method: 'GET',
      url: '/health',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe('{"status":"ok"}');
    expect(response.headers['content-type']).toBe('application/json');
    expect(db.calls()).toHaveLength(0);
    db.restore();
  });
});
