import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { getPublicDppFile } from '../../../lib/dpp-files/get-public-dpp-file';
import { NotFoundError } from '../../../lib/errors';
import { PUBLIC_URL_TTL_SECONDS } from '../../../lib/files/storage';
import { batchGetFrom } from '../../support/unit/batch-get';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';

/**
 * The public download of a DPP file (lib/dpp-files/get-public-dpp-file.ts): the file and its DPP
 * in ONE BatchGetItem, a short-lived signed URL when the DPP is published, and the one not-found
 * for every other case.
 */
const db = mockClient(DynamoDBDocumentClient);
const serve = (...items: object[]) => db.on(BatchGetCommand).callsFake(batchGetFrom(...items));
const download = (fileId: string = IDS.dppFile) => getPublicDppFile({ params: { dppId: IDS.dpp, fileId } });

beforeEach(() => db.reset());

describe('getPublicDppFile', () => {
  it('reads the DPP and the file in one BatchGetItem and signs its bytes for a few minutes', async () => {
    serve(dppItem(), dppFileItem());
    const url = new URL(await download());
    expect(url.pathname).toContain(dppFileItem().path);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(PUBLIC_URL_TTL_SECONDS));
    expect(PUBLIC_URL_TTL_SECONDS).toBeLessThanOrEqual(600);
    const calls = db.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(Object.values(calls[0]!.args[0].input.RequestItems!)[0]!.Keys).toEqual([
      keys.dpp(IDS.dpp),
      keys.dppFile(IDS.dpp, IDS.dppFile),
    ]);
  });

  it('signs the file of a DPP published explicitly, as of one stored before the flag existed (above)', async () => {
    serve(dppItem({ published: true }), dppFileItem());
    expect(await download()).toContain('X-Amz-Signature=');
  });

  it.each([
    ['an unpublished DPP’s file', [dppItem({ published: false }), dppFileItem()]],
    ['a deleted (or unknown) file', [dppItem()]],
    ['a file whose DPP is gone', [dppFileItem()]],
  ])('answers %s with DPP_FILE_NOT_FOUND', async (_, items) => {
    serve(...items);
    const error = await domainFailure(download());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'DPP_FILE_NOT_FOUND' });
  });
});
