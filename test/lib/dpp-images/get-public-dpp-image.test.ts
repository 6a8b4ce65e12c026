import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import * as keys from '../../../lib/data/keys';
import { getPublicDppImage } from '../../../lib/dpp-images/get-public-dpp-image';
import { toDppImageItem } from '../../../lib/dpps/model';
import { NotFoundError } from '../../../lib/errors';
import { PUBLIC_URL_TTL_SECONDS } from '../../../lib/files/storage';
import { batchGetFrom } from '../../support/unit/batch-get';
import { dppItem, IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';

/** The public address of a DPP image (lib/dpp-images/get-public-dpp-image.ts), like a file's. */
const db = mockClient(DynamoDBDocumentClient);
const image = toDppImageItem(IDS.dpp, { id: IDS.image, company_id: 'c', path: 'images/key', mime_type: 'image/png' });
const serve = (...items: object[]) => db.on(BatchGetCommand).callsFake(batchGetFrom(...items));
const show = () => getPublicDppImage({ params: { dppId: IDS.dpp, imageId: IDS.image } });

beforeEach(() => db.reset());

describe('getPublicDppImage', () => {
  it('reads the DPP and the image in one BatchGetItem and signs the image for a few minutes', async () => {
    serve(dppItem(), image);
    const url = new URL(await show());
    expect(url.pathname).toContain('images/key');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(PUBLIC_URL_TTL_SECONDS));
    const calls = db.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(Object.values(calls[0]!.args[0].input.RequestItems!)[0]!.Keys).toEqual([
      keys.dpp(IDS.dpp),
      keys.dppImage(IDS.dpp, IDS.image),
    ]);
  });

  it.each([
    ['an unpublished DPP’s image', [dppItem({ published: false }), image]],
    ['a deleted (or unknown) image', [dppItem()]],
  ])('answers %s with IMAGE_NOT_FOUND', async (_, items) => {
    serve(...items);
    const error = await domainFailure(show());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'IMAGE_NOT_FOUND' });
  });
});
