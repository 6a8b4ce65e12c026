import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { handler as health } from '../../../functions/health';
import { apiEvent, invoke, invokeEvent } from '../../support/unit/events';

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

  it("echoes the client's well-formed x-correlation-id, like every route", async () => {
    const response = await invoke('health', health, {
      method: 'GET',
      url: '/health',
      headers: { 'x-correlation-id': 'uptime-probe/42' },
    });
    expect(response.headers['x-correlation-id']).toBe('uptime-probe/42');
  });

  it('echoes the API Gateway request id without a client id, or with an ill-formed one', async () => {
    const cases: Array<Record<string, string>> = [{}, { 'x-correlation-id': 'has space' }];
    for (const headers of cases) {
      const event = { ...apiEvent('health', { method: 'GET', url: '/health', headers }) };
      event.requestContext = { ...event.requestContext, requestId: 'Abc123DefGHI=' };
      const response = await invokeEvent('health', health, event);
      expect(response.headers['x-correlation-id']).toBe('Abc123DefGHI=');
    }
  });
});
