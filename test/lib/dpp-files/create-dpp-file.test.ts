import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDppFile } from '../../../lib/dpp-files/create-dpp-file';
import { partOf, samples } from '../../support/unit/files';
import { IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';
import { PRINCIPAL } from '../../support/unit/tokens';

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

beforeEach(() => {
  db.reset();
  s3.reset();
});

describe('createDppFile', () => {
  it('refuses a file of a format that is not allowed before storing anything', async () => {
    const file = partOf(samples.zip, { filename: 'report.pdf', mimetype: 'application/pdf' });
    const error = await domainFailure(
      createDppFile(PRINCIPAL, { params: { modelId: IDS.model, dppId: IDS.dpp }, body: { file } }),
    );
    expect([error.kind, error.code]).toEqual(['invalid', 'INVALID_FILE_FORMAT']);
    expect(s3.calls()).toHaveLength(0);
    expect(db.calls()).toHaveLength(0);
  });
});
