import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as createDppFile } from '../../../functions/create-dpp-file';
import { handler as getDpp } from '../../../functions/get-dpp';
import { handler as listDppFiles } from '../../../functions/list-dpp-files';
import { createDppFileRoute } from '../../../lib/api/routes/create-dpp-file';
import { listDppFilesRoute } from '../../../lib/api/routes/list-dpp-files';
import { notFoundRoute } from '../../../lib/api/routes/not-found';
import { ConfigError } from '../../../lib/config';
import { jwtEndpoint, publicEndpoint } from '../../../lib/http/endpoint';
import { jwtMultipartEndpoint } from '../../../lib/http/multipart-endpoint';
import { ok } from '../../../lib/http/response';
import { dynamoErrors } from '../../support/unit/aws-errors';
import { apiEvent, invoke, invokeEvent } from '../../support/unit/events';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { multipart } from '../../support/unit/multipart';
import { mintToken } from '../../support/unit/tokens';

/**
 * The one Middy composition (lib/http/endpoint.ts), through real handlers: what every
 * endpoint shares — error body, order of auth / body / validation, JSON everywhere — and
 * what the compiler refuses to build (a handler of another kind than its row, an answer
 * that drifts from the row's response schema: the `@ts-expect-error` lines fail `tsc` when
 * the compiler stops refusing them).
 */
const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

beforeEach(() => {
  db.reset();
  s3.reset();
});

describe('the error body', () => {
  it('is exactly {error, code} with content-type application/json', async () => {
    const response = await invoke('list-dpp-files', listDppFiles, { method: 'GET', url: `/view-dpp-files/${IDS.dpp}` });
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.json).toEqual({ error: 'missing bearer token', code: 'UNAUTHORIZED' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('adds details for a validation error, and nothing else', async () => {
    const response = await invoke('get-dpp', getDpp, { method: 'GET', url: '/dpp/dpp-1', headers: { language: 'EN' } });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('application/json');
    expect(Object.keys(response.json).sort()).toEqual(['code', 'details', 'error']);
    expect(response.json.code).toBe('VALIDATION_ERROR');
  });
});

describe('order: auth, then body, then validation', () => {
  it('answers 401, not 400, to an unauthenticated upload with a malformed body', async () => {
    const response = await invoke('create-dpp-file', createDppFile, {
      method: 'POST',
      url: `/models/${IDS.model}/dpps/${IDS.dpp}/upload-file`,
      body: 'not multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect([response.status, response.json.code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('answers 401, not 413, to an unauthenticated oversize upload', async () => {
    const response = await invoke('create-dpp-file', createDppFile, {
      method: 'POST',
      url: `/models/${IDS.model}/dpps/${IDS.dpp}/upload-file`,
      body: multipart([{ name: 'file', filename: 'a.txt', content: Buffer.alloc(5 * 1024 * 1024, 0x61) }]),
    });
    expect(response.status).toBe(401);
  });

  it('answers 401, not 400, to an unauthenticated request with invalid parameters', async () => {
    const response = await invoke('list-dpp-files', listDppFiles, {
      method: 'GET',
      url: '/view-dpp-files/bad%20id?limit=0',
    });
    expect(response.status).toBe(401);
    expect(db.calls()).toHaveLength(0);
  });

  it('validates before the endpoint runs: an invalid request reads nothing', async () => {
    const response = await invoke('list-dpp-files', listDppFiles, {
      method: 'GET',
      url: `/view-dpp-files/${IDS.dpp}?limit=0`,
      token: await mintToken(),
    });
    expect(response.status).toBe(400);
    expect(db.calls()).toHaveLength(0);
  });

  it('answers a public route without any token', async () => {
    db.on(QueryCommand).resolves({ Items: [dppItem()] });
    const response = await invoke('get-dpp', getDpp, { method: 'GET', url: `/dpp/${IDS.dpp}` });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
  });
});

describe('an unexpected error', () => {
  const secretLeak = /unit-table|stack|at |node_modules|\.ts|Cannot read|ValidationException/;

  it('answers exactly {"error":"Internal server error","code":"INTERNAL_ERROR"} for a bug-like error', async () => {
    db.on(QueryCommand).rejects(
      new TypeError("Cannot read properties of undefined (reading 'pk') in table unit-table"),
    );
    const response = await invoke('list-dpp-files', listDppFiles, {
      method: 'GET',
      url: `/view-dpp-files/${IDS.dpp}`,
      token: await mintToken(),
    });
    expect(response.status).toBe(500);
    expect(response.text).toBe('{"error":"Internal server error","code":"INTERNAL_ERROR"}');
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('answers 500 without the SDK message for a 4xx SDK error that is not throttling (ValidationException)', async () => {
    db.on(QueryCommand).rejects(dynamoErrors.validation());
    const response = await invoke('get-dpp', getDpp, { method: 'GET', url: `/dpp/${IDS.dpp}` });
    expect(response.status).toBe(500);
    expect(response.json).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR' });
    expect(response.text).not.toMatch(secretLeak);
  });

  it('answers 500 for an error thrown by the endpoint function itself', async () => {
    const failing = publicEndpoint(notFoundRoute, async () => {
      throw Object.assign(new Error('arn:aws:dynamodb:eu-central-1:123456789012:table/unit-table exploded'), {
        code: 'BOOM',
      });
    });
    const response = await invokeEvent(
      'not-found',
      failing,
      apiEvent('not-found', { method: 'GET', url: '/anything' }),
    );
    expect(response.status).toBe(500);
    expect(response.text).toBe('{"error":"Internal server error","code":"INTERNAL_ERROR"}');
  });
});

describe('success responses', () => {
  it('are JSON with content-type application/json', async () => {
    db.on(QueryCommand).resolves({ Items: [dppItem(), dppFileItem()] });
    const response = await invoke('list-dpp-files', listDppFiles, {
      method: 'GET',
      url: `/view-dpp-files/${IDS.dpp}`,
      token: await mintToken(),
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.json.files).toHaveLength(1);
  });
});

describe('building a handler from a route row', () => {
  it('takes only a row of its kind: the compiler refuses a handler that picks another kind', () => {
    const run = async () => ({ error: 'Not Found' as const });
    // @ts-expect-error a public row in the entry point of jwt rows
    expect(() => jwtEndpoint(notFoundRoute, run)).toBeDefined();
    // @ts-expect-error an upload row (jwt, multipart, idempotent) in the entry point of public rows
    expect(() => publicEndpoint(createDppFileRoute, async () => ({}))).toBeDefined();
    // @ts-expect-error an idempotent upload row in the entry point of upload rows that are not idempotent
    expect(() => jwtMultipartEndpoint(createDppFileRoute, async () => ({}))).toBeDefined();
    expect(() => publicEndpoint(notFoundRoute, run)).not.toThrow();
  });

  it("checks the answer against the row's response schema at compile time", () => {
    const files = { files: [], nextCursor: 'c' };
    expect(() => jwtEndpoint(listDppFilesRoute, async () => files)).not.toThrow();
    expect(() => jwtEndpoint(listDppFilesRoute, async () => ok(files, { 'x-extra': '1' }))).not.toThrow();
    // @ts-expect-error a field the row's response schema does not have
    expect(() => jwtEndpoint(listDppFilesRoute, async () => ({ ...files, total: 3 }))).not.toThrow();
    // @ts-expect-error a field of the wrong type
    expect(() => jwtEndpoint(listDppFilesRoute, async () => ({ files: 'none' }))).not.toThrow();
    // @ts-expect-error the same through ok(): a missing required field
    expect(() => jwtEndpoint(listDppFilesRoute, async () => ok({ nextCursor: 'c' }))).not.toThrow();
  });

  it('sends a bare body as a JSON 200, and ok() with its headers', async () => {
    const bare = publicEndpoint(notFoundRoute, async () => ({ error: 'Not Found' as const }));
    const withHeaders = publicEndpoint(notFoundRoute, async () => ok({ error: 'Not Found' as const }, { 'x-a': 'b' }));
    const event = () => apiEvent('not-found', { method: 'GET', url: '/anything' });
    const first = await invokeEvent('not-found', bare, event());
    expect([first.status, first.text, first.headers['content-type']]).toEqual([
      200,
      '{"error":"Not Found"}',
      'application/json',
    ]);
    const second = await invokeEvent('not-found', withHeaders, event());
    expect([second.status, second.headers['x-a']]).toEqual([200, 'b']);
  });

  describe('at cold start', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it('fails, naming the setting, when a setting a loaded module declared is missing', () => {
      const run = async () => ({ error: 'Not Found' as const });
      vi.stubEnv('TABLE_NAME', '');
      expect(() => publicEndpoint(notFoundRoute, run)).toThrow(ConfigError);
      expect(() => publicEndpoint(notFoundRoute, run)).toThrow(/TABLE_NAME/);
    });
  });
});
