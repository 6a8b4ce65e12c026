import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as createDpp } from '../../../../functions/create-dpp';
import { handler as createDppFile } from '../../../../functions/create-dpp-file';
import { handler as createTemplateFile } from '../../../../functions/create-template-file';
import { handler as getDpp } from '../../../../functions/get-dpp';
import { handler as listDppFiles } from '../../../../functions/list-dpp-files';
import { handler as updateDppFile } from '../../../../functions/update-dpp-file';
import { invoke } from '../../../support/unit/events';
import { samples } from '../../../support/unit/files';
import { IDS } from '../../../support/unit/items';
import { filePartOf, multipart } from '../../../support/unit/multipart';
import { mintToken } from '../../../support/unit/tokens';

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
let token: string;

beforeEach(async () => {
  db.reset();
  s3.reset();
  token = await mintToken();
});

const pathsOf = (json: { details?: Array<{ path: string }> }) => (json.details ?? []).map((d) => d.path).sort();

describe('validation details', () => {
  it('name path parameters and headers by their own name: dppId, language', async () => {
    const response = await invoke('get-dpp', getDpp, {
      method: 'GET',
      url: '/dpp/not%20an%20id!',
      headers: { language: 'EN' },
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('VALIDATION_ERROR');
    expect(pathsOf(response.json)).toEqual(['dppId', 'language']);
    for (const detail of response.json.details) expect(detail.message).toEqual(expect.any(String));
  });

  it.each(['english', 'e', 'EN', 'en-US', '12'])('refuses the language header %s', async (language) => {
    const response = await invoke('get-dpp', getDpp, { method: 'GET', url: `/dpp/${IDS.dpp}`, headers: { language } });
    expect(response.status).toBe(400);
    expect(pathsOf(response.json)).toEqual(['language']);
    expect(db.calls()).toHaveLength(0);
  });

  it('names a body field by its own name: template_id', async () => {
    const response = await invoke('create-template-file', createTemplateFile, {
      method: 'POST',
      url: '/create-template-file',
      token,
      body: multipart([{ name: 'template_id', value: 'not-a-uuid' }, filePartOf(samples.pdf)]),
    });
    expect(response.status).toBe(400);
    expect(response.json.details).toEqual([{ path: 'template_id', message: 'must be a UUID' }]);
    expect(s3.calls()).toHaveLength(0);
  });

  it('reports a missing required body field', async () => {
    const response = await invoke('create-template-file', createTemplateFile, {
      method: 'POST',
      url: '/create-template-file',
      token,
      body: multipart([filePartOf(samples.pdf)]),
    });
    expect(response.status).toBe(400);
    expect(response.json.details).toEqual([{ path: 'template_id', message: 'is required' }]);
  });

  it('says a missing field of a strict body is required, and an unknown one is not a field', async () => {
    const response = await invoke('create-dpp', createDpp, {
      method: 'POST',
      url: '/dpps',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'X', colour: 'red' }),
    });
    expect(response.status).toBe(400);
    const messages = Object.fromEntries(
      response.json.details.map((d: { path: string; message: string }) => [d.path, d.message]),
    );
    expect(messages).toMatchObject({
      type: 'is required',
      code: 'is required',
      model_id: 'is required',
      language: 'is required',
    });
    expect(messages.colour).toMatch(/is not a field of a new DPP/);
    expect(db.calls()).toHaveLength(0);
  });

  it('names query parameters by their own name: limit', async () => {
    const response = await invoke('list-dpp-files', listDppFiles, {
      method: 'GET',
      url: `/view-dpp-files/${IDS.dpp}?limit=101`,
      token,
    });
    expect(response.status).toBe(400);
    expect(pathsOf(response.json)).toEqual(['limit']);
  });

  it('reports every problem at once', async () => {
    const response = await invoke('update-dpp-file', updateDppFile, {
      method: 'PUT',
      url: `/models/not-a-uuid/update-dpp-file/${IDS.dpp}/file/${IDS.dppFile}`,
      token,
      body: multipart([
        { name: 'name', value: 'x'.repeat(201) },
        { name: 'hash', value: 'nope' },
      ]),
    });
    expect(response.status).toBe(400);
    expect(pathsOf(response.json)).toEqual(['hash', 'modelId', 'name']);
    expect(db.calls()).toHaveLength(0);
  });

  it('reports a body id that contradicts the path', async () => {
    const response = await invoke('create-dpp-file', createDppFile, {
      method: 'POST',
      url: `/models/${IDS.model}/dpps/${IDS.dpp}/upload-file`,
      token,
      body: multipart([
        { name: 'dpp_id', value: 'another-dpp' },
        { name: 'model_id', value: IDS.otherModel },
        filePartOf(samples.pdf),
      ]),
    });
    expect(response.status).toBe(400);
    expect(pathsOf(response.json)).toEqual(['dpp_id', 'model_id']);
    expect(s3.calls()).toHaveLength(0);
  });

  it('treats an empty optional text field as not sent', async () => {
    const response = await invoke('create-dpp-file', createDppFile, {
      method: 'POST',
      url: `/models/${IDS.model}/dpps/${IDS.dpp}/upload-file`,
      token,
      body: multipart([
        { name: 'hash', value: '' },
        { name: 'dpp_id', value: '' },
        { name: 'name', value: '' },
        { name: 'description', value: '' },
      ]),
    });
    // Nothing wrong with the fields; what is missing is the file.
    expect([response.status, response.json.code]).toEqual([400, 'NO_FILE']);
  });
});
