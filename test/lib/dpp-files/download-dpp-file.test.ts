import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { hashSecret, newSecret, toAccessGrantItem } from '../../../lib/access-tiers/model';
import { downloadDppFile } from '../../../lib/dpp-files/download-dpp-file';
import { NotFoundError, UnavailableError } from '../../../lib/errors';
import { GRANT_URL_TTL_SECONDS } from '../../../lib/files/storage';
import { batchGetFrom } from '../../support/unit/batch-get';
import { dppFileItem, dppItem, IDS } from '../../support/unit/items';
import { domainFailure } from '../../support/unit/rejection';

/**
 * A DPP file through an access grant (lib/dpp-files/download-dpp-file.ts): the grant read strongly
 * consistent on every fetch, the fetch logged before the answer, a URL of a minute; without a valid
 * grant a restricted file answers like an unknown one, and a log that cannot be written serves nothing.
 */
const db = mockClient(DynamoDBDocumentClient);
const secret = newSecret();
const grant = (overrides: Record<string, unknown> = {}) =>
  toAccessGrantItem({
    id: 'grant-1',
    dpp_id: IDS.dpp,
    company_id: 'acme',
    tier: 'legitimate_interest',
    audience: { email: 'repair@example.com' },
    secret_hash: hashSecret(secret),
    created_at: '2026-11-01T00:00:00.000Z',
    created_by: 'admin',
    expires_at: '2099-01-01T00:00:00.000Z',
    ...overrides,
  });
const restrictedFile = dppFileItem({ access_tier: 'legitimate_interest' });
const download = (access?: string, header?: string) =>
  downloadDppFile(
    {
      params: { dppId: IDS.dpp, fileId: IDS.dppFile },
      query: { access },
      headers: { 'x-dpp-access': header },
    },
    { method: 'GET', sourceIp: '192.0.2.1', userAgent: 'test' },
  );

beforeEach(() => {
  db.reset();
  db.on(BatchGetCommand).callsFake(batchGetFrom(dppItem(), restrictedFile));
  db.on(UpdateCommand).resolves({});
});

describe('downloadDppFile', () => {
  it('reads the grant strongly consistent, logs the fetch, then signs the bytes for at most 60 s', async () => {
    db.on(GetCommand).resolves({ Item: grant() });
    const url = new URL(await download(`grant-1.${secret}`));
    expect(url.pathname).toContain(restrictedFile.path);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(GRANT_URL_TTL_SECONDS);
    expect(GRANT_URL_TTL_SECONDS).toBeLessThanOrEqual(60);
    expect(db.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
    const logged = db.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(logged.Key!.pk).toBe(`ACCESS#${IDS.dpp}`);
    expect(Object.values(logged.ExpressionAttributeValues!)).toEqual(
      expect.arrayContaining(['file', { cards: [], files: [IDS.dppFile], images: [] }]),
    );
  });

  it('takes the grant from the x-dpp-access header too', async () => {
    db.on(GetCommand).resolves({ Item: grant() });
    expect(await download(undefined, `grant-1.${secret}`)).toContain('X-Amz-Signature=');
  });

  it.each([
    ['no access value', undefined, grant()],
    ['a revoked grant', `grant-1.${secret}`, grant({ revoked_at: '2026-11-02T00:00:00.000Z' })],
    ['an expired grant', `grant-1.${secret}`, grant({ expires_at: '2026-11-02T00:00:00.000Z' })],
    ['a wrong secret', `grant-1.${newSecret()}`, grant()],
    ['an unknown grant', `grant-1.${secret}`, undefined],
  ])('answers %s on a restricted file with DPP_FILE_NOT_FOUND, logging nothing', async (_, access, item) => {
    db.on(GetCommand).resolves({ Item: item });
    const error = await domainFailure(download(access));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'DPP_FILE_NOT_FOUND' });
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers a tier the grant does not include like an unknown file', async () => {
    db.on(BatchGetCommand).callsFake(batchGetFrom(dppItem(), dppFileItem({ access_tier: 'authority' })));
    db.on(GetCommand).resolves({ Item: grant() });
    expect(await domainFailure(download(`grant-1.${secret}`))).toMatchObject({ code: 'DPP_FILE_NOT_FOUND' });
  });

  it('serves a public file without a grant, unlogged', async () => {
    db.on(BatchGetCommand).callsFake(batchGetFrom(dppItem(), dppFileItem()));
    expect(await download()).toContain('X-Amz-Signature=');
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('serves nothing when the log entry cannot be written (503)', async () => {
    db.on(GetCommand).resolves({ Item: grant() });
    db.on(UpdateCommand).rejects(new Error('table down'));
    expect(await domainFailure(download(`grant-1.${secret}`))).toBeInstanceOf(UnavailableError);
  });
});
