import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { listDppFiles } from '../../../lib/dpp-files/list-dpp-files';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { PRINCIPAL } from '../../support/unit/tokens';

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

beforeEach(() => {
  db.reset();
  s3.reset();
});

describe('listDppFiles', () => {
  it('gives each file a signed GET URL of its object, valid 15 minutes', async () => {
    db.on(QueryCommand).resolves({ Items: [dppItem(), dppFileItem()] });
    const { files } = await listDppFiles(PRINCIPAL, { params: { dppId: IDS.dpp }, query: { limit: 100 } });
    const [file] = files;
    const url = new URL(file!.url);
    expect(decodeURIComponent(url.pathname)).toContain(file!.path);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
  });
});
