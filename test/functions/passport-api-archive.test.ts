import { randomInt, randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../lib/data/keys';
import { ranges } from '../../lib/data/keys';
import { gs1CheckDigit } from '../../lib/dpps/gtin';
import type { DppItem } from '../../lib/dpps/model';
import { profileById } from '../../lib/profiles/catalogue';
import type { DppVersionItem } from '../../lib/versions/model';
import {
  call,
  dppFileRecords,
  json,
  localBucketClient,
  localEnv,
  localTable,
  putItems,
  putTestDpp,
  putVerifiedTestCompany,
  type TestCompany,
} from '../support/api';
import { fullAspects } from '../support/profiles';

/**
 * A write through the passport API and its archive version are ONE effect (lib/passport-api/archive.ts;
 * docs/behaviour.md, The passport API): over HTTP, a change its version cannot take is refused
 * whole (before, the change stood unarchived and the client got an error), an aspect patch lands
 * with its history entries and its version at one time, and concurrent writes each give exactly one
 * version, the passport as that write left it. The faults no engine produces on demand (a transaction
 * that fails, a race lost between the read and the commit): test/lib/passport-api/archive.test.ts.
 */

const { doc, tableName } = localTable();
const s3 = localBucketClient();
const merge = (body: unknown) => json(body, { 'content-type': 'application/merge-patch+json' });

let company: TestCompany;
beforeAll(async () => {
  company = await putVerifiedTestCompany('passport-archive');
});

/** A passport made through POST /v1/dpps (archived as version 1), with `description`. */
async function newPassport(description: string): Promise<string> {
  const body = `0${String(randomInt(10 ** 11, 10 ** 12))}`;
  const created = await call('POST', '/v1/dpps', {
    token: company.token,
    ...json({
      name: 'Archived bike',
      description,
      type: 'bike',
      code: `${body}${gs1CheckDigit(body)}`,
      model_id: randomUUID(),
      language: 'en',
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.version.number).toBe(1);
  return created.body.digitalProductPassportId;
}

/** The DPP item as stored (strongly consistent). */
const storedDpp = async (dppId: string) =>
  (await doc.send(new GetCommand({ TableName: tableName, Key: keys.dpp(dppId), ConsistentRead: true })))
    .Item as DppItem;

/** The DPP's version items, oldest first. */
async function storedVersions(dppId: string): Promise<DppVersionItem[]> {
  const range = ranges.dppVersions(dppId);
  const page = await doc.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
      ConsistentRead: true,
    }),
  );
  return (page.Items ?? []) as DppVersionItem[];
}

/** The version documents the bucket holds for the DPP. */
async function documentKeys(dppId: string): Promise<string[]> {
  const listed = await s3.send(
    new ListObjectsV2Command({
      Bucket: localEnv.BUCKET_NAME,
      Prefix: `companies/${company.id}/dpps/${dppId}/versions/`,
    }),
  );
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

describe('a passport API write and its version are one effect', () => {
  it('refuses a change its version cannot take (400 TOO_MANY_FILES), and the DPP stays as it was', async () => {
    const dppId = await newPassport('before');
    const dpp = await storedDpp(dppId);
    // 96 files: one more than a version holds (lib/limits.ts, MAX_VERSION_FILES).
    await putItems(
      dppFileRecords(
        dpp,
        Array.from({ length: 96 }, (_, i) => i),
        { createdBy: company.admin.id, hash: 'a'.repeat(64), size: 1 },
      ),
    );
    const documents = await documentKeys(dppId);
    for (const [method, path, body] of [
      ['PATCH', `/v1/dpps/${dppId}`, merge({ elements: { description: 'after' } })],
      ['PUT', `/v1/dpps/${dppId}/elements/description`, json({ value: 'after' })],
      ['DELETE', `/v1/dpps/${dppId}`, {}],
    ] as const) {
      const reply = await call(method, path, { token: company.token, ...body });
      expect([reply.status, reply.body.code], `${method} ${path}`).toEqual([400, 'TOO_MANY_FILES']);
    }
    // Nothing of the change was written, no version was taken, and no document was left behind.
    expect(await storedDpp(dppId)).toEqual(dpp);
    expect((await storedVersions(dppId)).map((v) => v.version)).toEqual([1]);
    expect(await documentKeys(dppId)).toEqual(documents);
  });

  it('writes an aspect patch, its history entries and its version at one revision and one time', async () => {
    const profile = profileById('battery-passport')!;
    const code = `0${String(randomInt(10 ** 11, 10 ** 12))}`;
    const battery = await putTestDpp('passport-archive', {
      company_id: company.id,
      model_id: randomUUID(),
      code: `${code}${gs1CheckDigit(code)}`,
      search_id: `01/${code}${gs1CheckDigit(code)}/21/${randomUUID().slice(0, 8)}`,
      profile: profile.id,
      category: 'ev',
      aspects: fullAspects(profile),
    });
    const stateOfCharge = { stateOfChargeValue: 77, lastUpdate: '2027-05-01T08:00:00Z' };
    const reply = await call('PATCH', `/v1/dpps/${battery.id}`, {
      token: company.token,
      ...merge({ elements: { aspects: { PerformanceAndDurability: { batteryCondition: { stateOfCharge } } } } }),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.version.number).toBe(1);
    const [version] = await storedVersions(battery.id);
    const dpp = await storedDpp(battery.id);
    const changes = (await call('GET', `/dpps/${battery.id}/aspects-history`, { token: company.token })).body.changes;
    const change = changes.find((c: { attribute: string }) => c.attribute === 'state-of-charge');
    expect(change).toMatchObject({ new: stateOfCharge, revision: dpp.aspects_revision });
    // The DPP, the history entry and the version are of one write: one time, the version the DPP's count.
    expect([dpp.updated_at, change.changed_at, version!.created_at, reply.body.lastUpdate]).toEqual(
      Array(4).fill(reply.body.version.createdAt),
    );
    expect(dpp.version_count).toBe(1);
    expect(
      (version!.snapshot.profiled!.aspects.PerformanceAndDurability as { batteryCondition: unknown }).batteryCondition,
    ).toMatchObject({ stateOfCharge });
  });

  it('gives each concurrent write that answers 200 exactly one version, the passport as that write left it', async () => {
    const dppId = await newPassport('d-start');
    const descriptions = Array.from({ length: 6 }, (_, i) => `d-${i}`);
    const [patches, creates] = await Promise.all([
      Promise.all(
        descriptions.map((description) =>
          call('PATCH', `/v1/dpps/${dppId}`, { token: company.token, ...merge({ elements: { description } }) }),
        ),
      ),
      // Versions taken beside them, through the versions route.
      Promise.all(
        ['side-a', 'side-b'].map((versionId) =>
          call('POST', `/version/${dppId}/create`, { token: company.token, ...json({ dppId, versionId }) }),
        ),
      ),
    ]);
    // Under contention a write may give up (409 CONCURRENT_CHANGE) or find DynamoDB busy (503): then it wrote nothing.
    for (const reply of [...patches, ...creates]) expect([200, 409, 503]).toContain(reply.status);
    const won = patches.flatMap((reply, i) => (reply.status === 200 ? [{ reply, description: descriptions[i]! }] : []));
    expect(won.length).toBeGreaterThan(0);
    const versions = await storedVersions(dppId);
    const sideVersions = creates.filter((reply) => reply.status === 200).length;
    expect(versions.map((v) => v.version)).toEqual(
      Array.from({ length: 1 + won.length + sideVersions }, (_, i) => i + 1),
    );
    for (const { reply, description } of won) {
      expect(reply.body.elements.description).toBe(description);
      const version = versions.find((v) => v.version === reply.body.version.number)!;
      // The version holds the passport exactly as this write left it, with the hash the answer gave.
      expect([version.snapshot.dpp.description, version.content_hash, version.created_at]).toEqual([
        description,
        reply.body.version.hash,
        reply.body.version.createdAt,
      ]);
      expect(version.snapshot.dpp.updated_at).toBe(version.created_at);
    }
    // A description no write that answered 200 gave is in no version but the first (or a side one, of the DPP as it stood).
    const archived = versions.map((v) => v.snapshot.dpp.description);
    for (const description of archived) expect(['d-start', ...won.map((w) => w.description)]).toContain(description);
    // The DPP ends as its newest version froze it.
    const dpp = await storedDpp(dppId);
    expect([dpp.version_count, dpp.description]).toEqual([versions.length, versions.at(-1)!.snapshot.dpp.description]);
  });
});
