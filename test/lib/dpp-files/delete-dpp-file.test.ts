import { S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteDppFile } from '../../../lib/dpp-files/delete-dpp-file';
import { dppFileItem, IDS } from '../../support/unit/items';
import { PRINCIPAL } from '../../support/unit/tokens';

const db = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

beforeEach(() => {
  db.reset();
  s3.reset();
});

describe('deleteDppFile', () => {
  it('says which file of which DPP was deleted', async () => {
    db.on(DeleteCommand).resolves({ Attributes: dppFileItem() });
    const result = await deleteDppFile(PRINCIPAL, {
      params: { modelId: IDS.model, dppId: IDS.dpp, fileId: IDS.dppFile },
    });
    expect(result).toEqual({ message: expect.stringContaining(IDS.dppFile), ok: true });
    expect(result.message).toContain(IDS.dpp);
  });
});
