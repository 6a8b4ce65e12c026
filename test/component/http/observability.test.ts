import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { TranslateClient, TranslateTextCommand } from '@aws-sdk/client-translate';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { lambdaContext } from '../../../infra/local/api-gateway-event';
import type { RouteFn } from '../../../lib/api/routes';
import { listDppFilesRoute } from '../../../lib/api/routes/list-dpp-files';
import * as keys from '../../../lib/data/keys';
import { fingerprint } from '../../../lib/dpps/translations';
import { compose } from '../../../lib/http/endpoint';
import { type HttpResponse, json } from '../../../lib/http/response';
import type { ApiEvent } from '../../../lib/http/types';
import { countUpload } from '../../../lib/metrics';
import { dynamoErrors, s3Errors } from '../../support/unit/aws-errors';
import { apiEvent, type TestRequest } from '../../support/unit/events';
import { samples } from '../../support/unit/files';
import { cardItem, dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { multipart } from '../../support/unit/multipart';
import { mintToken } from '../../support/unit/tokens';

/**
 * What the endpoint stack writes to stdout (lib/http/middleware/observability.ts): one EMF
 * document per invocation that recorded a business metric, and log lines that all carry the
 * request's ids. Settings are read on first use, so they are chosen before the handlers
 * load: EMF on stdout (the unit tests' default is the debug log), INFO lines, and Amazon
 * Translate as the provider.
 */
const SETTINGS = { METRICS_OUTPUT: 'emf', LOG_LEVEL: 'INFO', TRANSLATE_PROVIDER: 'aws' } as const;
const previous = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, process.env[name]]));
Object.assign(process.env, SETTINGS);
afterAll(() => {
  for (const [name, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
const { handler: createDppFile } = await import('../../../functions/create-dpp-file');
const { handler: updateDppFile } = await import('../../../functions/update-dpp-file');
const { handler: getDpp } = await import('../../../functions/get-dpp');
const { handler: listDppFiles } = await import('../../../functions/list-dpp-files');

type Handler = (event: ApiEvent, context: ReturnType<typeof lambdaContext>) => Promise<HttpResponse>;

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const translate = mockClient(TranslateClient);

let stdout: MockInstance<typeof process.stdout.write>;

/** A line of stdout: an EMF document (with `_aws`) or a log line (with `level`). */
type Written = Record<string, unknown> & {
  _aws: { Timestamp: number; CloudWatchMetrics: Array<{ Namespace: string; Metrics: unknown[] }> };
};
beforeEach(() => {
  db.reset();
  s3.reset();
  translate.reset();
  // An upload's intent record, written before its object (lib/files/pending-objects.ts); a test may answer otherwise.
  db.on(UpdateCommand).resolves({});
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => {
  stdout.mockRestore();
});

/** Everything written to stdout, split into EMF documents and log lines. */
function output() {
  const documents = stdout.mock.calls.map(([chunk]) => JSON.parse(String(chunk)) as Written);
  return { emf: documents.filter((d) => '_aws' in d), logs: documents.filter((d) => 'level' in d) };
}

/** Runs `handler` on the API Gateway event of `request`, with a fixed API Gateway request id. */
async function call(fn: RouteFn, handler: Handler, request: TestRequest, requestId = `api-${fn}`) {
  const event: APIGatewayProxyEventV2 = apiEvent(fn, request);
  event.requestContext.requestId = requestId;
  const context = lambdaContext(fn);
  const response = await handler(event as ApiEvent, context);
  return { response, context, requestId };
}

const uploadPdf = async (): Promise<TestRequest> => ({
  method: 'POST',
  url: `/models/${IDS.model}/dpps/${IDS.dpp}/upload-file`,
  token: await mintToken(),
  body: multipart([{ name: 'file', filename: 'care.pdf', contentType: 'application/pdf', content: samples.pdf }]),
});

const updateFile = async (parts: Parameters<typeof multipart>[0]): Promise<TestRequest> => ({
  method: 'PUT',
  url: `/models/${IDS.model}/update-dpp-file/${IDS.dpp}/file/${IDS.dppFile}`,
  token: await mintToken(),
  body: multipart(parts),
});

describe('business metrics: one EMF document per invocation', () => {
  it('counts an upload to a DPP: Uploads (Count) 1 and UploadedBytes (Bytes), by service and route', async () => {
    db.on(TransactWriteCommand).resolves({});
    const { response } = await call('create-dpp-file', createDppFile, await uploadPdf());
    expect(response.statusCode).toBe(200);
    const { emf } = output();
    expect(emf).toEqual([
      {
        _aws: {
          Timestamp: expect.any(Number),
          CloudWatchMetrics: [
            {
              Namespace: 'DppService',
              Dimensions: [['service', 'route']],
              Metrics: [
                { Name: 'Uploads', Unit: 'Count' },
                { Name: 'UploadedBytes', Unit: 'Bytes' },
              ],
            },
          ],
        },
        service: 'dpp-service',
        route: 'create-dpp-file',
        Uploads: 1,
        UploadedBytes: samples.pdf.length,
      },
    ]);
    expect(Math.abs(emf[0]!._aws.Timestamp - Date.now())).toBeLessThan(60_000);
  });

  it('counts new bytes for an existing file as an upload, and a rename as none', async () => {
    db.on(GetCommand).resolves({ Item: dppFileItem() });
    db.on(UpdateCommand).resolves({ Attributes: dppFileItem({ name: 'Renamed', path: 'companies/x/new' }) });
    const replaced = await call(
      'update-dpp-file',
      updateDppFile,
      await updateFile([{ name: 'file', filename: 'list.csv', content: samples.csv }]),
    );
    expect(replaced.response.statusCode).toBe(200);
    expect(output().emf).toEqual([
      expect.objectContaining({ route: 'update-dpp-file', Uploads: 1, UploadedBytes: samples.csv.length }),
    ]);

    stdout.mockClear();
    const renamed = await call(
      'update-dpp-file',
      updateDppFile,
      await updateFile([{ name: 'name', value: 'Renamed' }]),
    );
    expect(renamed.response.statusCode).toBe(200);
    expect(output().emf).toEqual([]);
  });

  it('counts nothing for a refused upload (the DPP does not exist)', async () => {
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'));
    const { response } = await call('create-dpp-file', createDppFile, await uploadPdf());
    expect(response.statusCode).toBe(406);
    expect(output().emf).toEqual([]);
  });

  it('counts the texts of a DPP shown in another language served from the store and in the original', async () => {
    const dpp = dppItem();
    const card = cardItem();
    const storedGermanForTheDppOnly = {
      ...keys.dppTranslation(IDS.dpp, 'de'),
      type: 'DPP_TRANSLATION',
      language: 'de',
      dpp: { name: 'T-Shirt', description: 'Bio-Baumwolle', source: fingerprint(dpp) },
    };
    db.on(QueryCommand).resolves({ Items: [card, dpp, storedGermanForTheDppOnly] });
    db.on(UpdateCommand).resolves({});
    translate.on(TranslateTextCommand).callsFake(({ Text }) => ({ TranslatedText: `[de] ${Text}` }));
    const { response } = await call('get-dpp', getDpp, {
      method: 'GET',
      url: `/dpp/${IDS.dpp}`,
      headers: { language: 'de' },
    });
    expect(response.statusCode).toBe(200);
    const { emf } = output();
    expect(emf).toHaveLength(1);
    expect(emf[0]!._aws.CloudWatchMetrics[0]!.Metrics).toEqual([
      { Name: 'TranslationsFromStore', Unit: 'Count' },
      { Name: 'TranslationsInOriginal', Unit: 'Count' },
    ]);
    // The card's name and description, and its one characteristic.
    expect(emf[0]).toMatchObject({ route: 'get-dpp', TranslationsFromStore: 1, TranslationsInOriginal: 2 });
    expect(translate.calls()).toHaveLength(0);
  });

  it('writes no document for a request that records nothing (a DPP in its own language, a list)', async () => {
    db.on(QueryCommand).resolves({ Items: [dppItem()] });
    await call('get-dpp', getDpp, { method: 'GET', url: `/dpp/${IDS.dpp}`, headers: { language: 'en' } });
    await call('list-dpp-files', listDppFiles, {
      method: 'GET',
      url: `/view-dpp-files/${IDS.dpp}`,
      token: await mintToken(),
    });
    expect(output().emf).toEqual([]);
  });
});

describe('correlation ids: every log line of a request carries them', () => {
  /** A refused upload whose new object cannot be released: a WARN and an INFO line. */
  async function refusedUploadWithTwoLines(headers: Record<string, string> = {}) {
    db.on(TransactWriteCommand).rejects(dynamoErrors.transactionCanceled('ConditionalCheckFailed', 'None'));
    s3.on(DeleteObjectCommand).rejects(s3Errors.connectionReset());
    const request = await uploadPdf();
    return call('create-dpp-file', createDppFile, { ...request, headers }, 'Abc123DefGHI=');
  }

  it('uses the API Gateway request id without a client id, and echoes it in x-correlation-id', async () => {
    const { response, context } = await refusedUploadWithTwoLines();
    expect(response.statusCode).toBe(406);
    const { logs } = output();
    expect(logs.map((line) => line.level)).toEqual(['WARN', 'INFO']);
    for (const line of logs) {
      expect(line).toMatchObject({
        service: 'dpp-service',
        correlation_id: 'Abc123DefGHI=',
        api_request_id: 'Abc123DefGHI=',
        function_name: 'create-dpp-file',
        function_request_id: context.awsRequestId,
        cold_start: expect.any(Boolean),
      });
    }
    expect(response.headers?.['x-correlation-id']).toBe('Abc123DefGHI=');
  });

  it("prefers the client's well-formed x-correlation-id, keeps API Gateway's as api_request_id, and echoes the client's", async () => {
    const { response } = await refusedUploadWithTwoLines({ 'x-correlation-id': 'order-4711/retry:2' });
    const { logs } = output();
    expect(logs).toHaveLength(2);
    for (const line of logs) {
      expect(line).toMatchObject({ correlation_id: 'order-4711/retry:2', api_request_id: 'Abc123DefGHI=' });
    }
    expect(response.headers?.['x-correlation-id']).toBe('order-4711/retry:2');
  });

  it('accepts 128 visible ASCII characters and ignores anything else, answering as without one', async () => {
    const longest = '!~'.repeat(64);
    const cases: Array<[string, string]> = [
      [longest, longest],
      [`${longest}x`, 'api-1'],
      ['', 'api-1'],
      ['has space', 'api-1'],
      ['tab\there', 'api-1'],
      ['line\nbreak', 'api-1'],
      ['caf\u00e9', 'api-1'],
      ['\u0000', 'api-1'],
    ];
    for (const [header, expected] of cases) {
      stdout.mockClear();
      const { response } = await call(
        'list-dpp-files',
        listDppFiles,
        { method: 'GET', url: `/view-dpp-files/${IDS.dpp}`, headers: { 'x-correlation-id': header } },
        'api-1',
      );
      expect(response.statusCode).toBe(401);
      expect(output().logs.map((line) => line.correlation_id)).toEqual([expected]);
      expect(response.headers?.['x-correlation-id']).toBe(expected);
    }
  });

  it('keeps each request its own ids when requests interleave in one process (the local server)', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(
          'list-dpp-files',
          listDppFiles,
          { method: 'GET', url: `/view-dpp-files/${IDS.dpp}`, headers: { 'x-correlation-id': `client-${i}` } },
          `api-${i}`,
        ),
      ),
    );
    const { logs } = output();
    // One line per request, each with its own ids: no request's line carries another's.
    const ids = logs
      .map((line) => String(line.correlation_id))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => `client-${i}`));
    for (const line of logs) {
      expect(line.api_request_id).toBe(String(line.correlation_id).replace('client-', 'api-'));
    }
    results.forEach(({ response }, i) => {
      expect(response.headers?.['x-correlation-id']).toBe(`client-${i}`);
    });
  });

  it("carries the Root of the invocation's X-Ray trace header as xray_trace_id", async () => {
    process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=557abcec3ee5a047;Sampled=1';
    try {
      await call('list-dpp-files', listDppFiles, { method: 'GET', url: `/view-dpp-files/${IDS.dpp}` });
    } finally {
      delete process.env._X_AMZN_TRACE_ID;
    }
    await call('list-dpp-files', listDppFiles, { method: 'GET', url: `/view-dpp-files/${IDS.dpp}` });
    const [traced, untraced] = output().logs;
    expect(traced!.xray_trace_id).toBe('1-5759e988-bd862e3fe1be46a994272793');
    expect(untraced).not.toHaveProperty('xray_trace_id');
  });

  it('echoes the id and flushes metrics also when a middleware answers early (as an idempotent replay does)', async () => {
    const replay = json(201, { replayed: true });
    const handler = compose(listDppFilesRoute, async () => ({ files: [] }), {
      auth: {
        before: async () => {
          countUpload(7);
          return replay;
        },
      },
    });
    const { response } = await call('list-dpp-files', handler, {
      method: 'GET',
      url: `/view-dpp-files/${IDS.dpp}`,
      headers: { 'x-correlation-id': 'retry-of-order-1' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers?.['x-correlation-id']).toBe('retry-of-order-1');
    expect(output().emf).toEqual([expect.objectContaining({ route: 'list-dpp-files', Uploads: 1, UploadedBytes: 7 })]);
  });

  it('marks the first invocation of a loaded function as its cold start, and no other', async () => {
    vi.resetModules();
    const { handler } = await import('../../../functions/list-dpp-files');
    const request: TestRequest = { method: 'GET', url: `/view-dpp-files/${IDS.dpp}` };
    await call('list-dpp-files', handler, request);
    await call('list-dpp-files', handler, request);
    expect(output().logs.map((line) => line.cold_start)).toEqual([true, false]);
  });
});
