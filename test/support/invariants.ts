import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../lib/data/keys';

/**
 * What must hold of the stored state whatever failed on the way (docs/behaviour.md, Faults),
 * each a query over the table and the bucket. A test (the fault harness, a soak run) names
 * the companies, DPPs and idempotency keys it used; every check reads only their partitions
 * (Query and GetItem by key, and a bucket listing under their prefixes: no Scan).
 *
 * - every file item (and every pinned object of a file) has its object;
 * - no object under a DPP's prefix is left unreferenced longer than ORPHAN_GRACE_MS (an
 *   object is written before its item: a crash or a refused item leaves one behind);
 * - a DPP's versions are numbered 1..n without gaps;
 * - a company's `seats_used` equals its members plus its pending invitations;
 * - every notarization is PENDING, ANCHORED, or FAILED with a reason;
 * - an idempotency key gave at most one effect (the test counts the effects it can see).
 */

/**
 * How long an object may stay unreferenced: an upload writes its object, then its item, within
 * one request (at most the function's 10 s); an object older than this with no item is debris.
 * Such debris keeps its intent record, and the orphan sweeper deletes it once that record is
 * older than SWEEP_GRACE_MS (lib/files/sweep-orphans.ts; a test runs the sweeper with 0).
 */
export const ORPHAN_GRACE_MS = 60_000;

export interface InvariantScope {
  companies: string[];
  /** DPPs with the company that owns them (their objects live under the company's prefix). */
  dpps: Array<{ id: string; companyId: string }>;
  /** Idempotency keys sent, each with the number of effects the test sees for it. */
  keys?: Array<{ name: string; effects: () => Promise<number> }>;
  /** Now, for the grace of unreferenced objects (default: the clock). */
  nowMs?: number;
}

export interface Stores {
  doc: DynamoDBDocumentClient;
  tableName: string;
  s3: S3Client;
  bucket: string;
}

/** The stores of a local stack, reached directly (not through a fault proxy), from its environment. */
export function storesOf(env: Record<string, string | undefined>): Stores {
  const credentials = { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! };
  return {
    doc: DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT, region: env.AWS_REGION, credentials }),
      { marshallOptions: { removeUndefinedValues: true } },
    ),
    tableName: env.TABLE_NAME!,
    // The local S3 server answers InternalError when a listing races a delete (it reads a file
    // that was just removed): the checker retries more than the SDK's default 3 attempts.
    s3: new S3Client({
      endpoint: env.S3_ENDPOINT,
      region: env.AWS_REGION,
      forcePathStyle: true,
      credentials,
      maxAttempts: 10,
    }),
    bucket: env.BUCKET_NAME!,
  };
}

/** Items of a DPP's partition of one kind (`CARD#`, `DPP_FILE#`) named `name`: the effects of one keyed request. */
export async function countNamed(stores: Stores, dppId: string, prefix: string, name: string): Promise<number> {
  const { Items = [] } = await stores.doc.send(
    new QueryCommand({
      TableName: stores.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: '#name = :name',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':pk': `DPP#${dppId}`, ':prefix': prefix, ':name': name },
      ConsistentRead: true,
    }),
  );
  return Items.length;
}

type Item = Record<string, unknown>;

async function queryAll(stores: Stores, pk: string, prefix: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await stores.doc.send(
      new QueryCommand({
        TableName: stores.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function listObjects(stores: Stores, prefix: string) {
  const objects: Array<{ key: string; modified: number }> = [];
  let token: string | undefined;
  do {
    const page = await stores.s3.send(
      new ListObjectsV2Command({ Bucket: stores.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) objects.push({ key: o.Key!, modified: o.LastModified?.getTime() ?? 0 });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

async function objectExists(stores: Stores, key: string): Promise<boolean> {
  try {
    await stores.s3.send(new HeadObjectCommand({ Bucket: stores.bucket, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

const NOTARIZATION_STATES = new Set(['PENDING', 'ANCHORED', 'FAILED']);

/** Objects under the scope's DPPs that no item references, grace or not (the debris a failed write left). */
export async function unreferencedObjects(stores: Stores, scope: InvariantScope): Promise<string[]> {
  const found: string[] = [];
  await checkInvariants(stores, { ...scope, companies: [], keys: [] }, found);
  return found;
}

/** Every violation found, in words; empty when all hold. `unreferenced` collects every unreferenced object. */
export async function checkInvariants(
  stores: Stores,
  scope: InvariantScope,
  unreferenced: string[] = [],
): Promise<string[]> {
  const violations: string[] = [];
  const now = scope.nowMs ?? Date.now();

  for (const { id: dppId, companyId } of scope.dpps) {
    const collection = keys.dppCollection(dppId);
    const history = keys.historyCollection(dppId);
    const [files, images, versions, notarizations] = await Promise.all([
      queryAll(stores, collection, 'DPP_FILE#'),
      queryAll(stores, collection, 'IMAGE#'),
      queryAll(stores, history, 'VERSION#'),
      queryAll(stores, history, keys.NOTARIZATION_SK_PREFIX),
    ]);

    const referenced = new Set<string>();
    for (const file of files) {
      const paths = [file.path as string, ...((file.pinned_paths as Set<string> | undefined) ?? [])];
      for (const path of paths) {
        referenced.add(path);
        if (!(await objectExists(stores, path)))
          violations.push(`file ${file.sk} of DPP ${dppId}: no object at ${path}`);
      }
    }
    for (const image of images) if (typeof image.path === 'string') referenced.add(image.path);
    for (const version of versions) {
      if (typeof version.document_path === 'string') referenced.add(version.document_path);
      if (typeof version.report_path === 'string') referenced.add(version.report_path);
      // A version's tier documents (its restricted parts, docs/choices.md, Access tiers).
      for (const tier of Object.values((version.tier_documents ?? {}) as Record<string, { path?: unknown }>))
        if (typeof tier.path === 'string') referenced.add(tier.path);
    }
    for (const object of await listObjects(stores, `companies/${companyId}/dpps/${dppId}/`)) {
      if (referenced.has(object.key)) continue;
      unreferenced.push(object.key);
      if (now - object.modified > ORPHAN_GRACE_MS) {
        violations.push(`object ${object.key} unreferenced for more than ${ORPHAN_GRACE_MS / 1000} s`);
      }
    }

    const numbers = versions.map((v) => v.version as number).sort((a, b) => a - b);
    numbers.forEach((n, i) => {
      if (n !== i + 1) violations.push(`DPP ${dppId}: versions ${numbers.join(', ')} are not 1..${numbers.length}`);
    });

    for (const n of notarizations) {
      const status = n.status as string;
      if (!NOTARIZATION_STATES.has(status)) violations.push(`notarization ${n.sk} of DPP ${dppId}: status ${status}`);
      if (status === 'FAILED' && !n.failure)
        violations.push(`notarization ${n.sk} of DPP ${dppId}: FAILED without a reason`);
    }
  }

  for (const companyId of scope.companies) {
    const [company, members, claims] = await Promise.all([
      stores.doc.send(
        new GetCommand({ TableName: stores.tableName, Key: keys.company(companyId), ConsistentRead: true }),
      ),
      queryAll(stores, keys.company(companyId).pk, 'USER#'),
      queryAll(stores, keys.company(companyId).pk, 'EMAIL#'),
    ]);
    // A claim with an expiry is a pending invitation's; a member's claim has none.
    const pending = claims.filter((claim) => claim.expires_at !== undefined).length;
    const used = (company.Item?.seats_used as number | undefined) ?? 0;
    if (used !== members.length + pending) {
      violations.push(`company ${companyId}: seats_used ${used}, but ${members.length} members + ${pending} pending`);
    }
  }

  for (const key of scope.keys ?? []) {
    const effects = await key.effects();
    if (effects > 1) violations.push(`idempotency key ${key.name}: ${effects} effects`);
  }
  return violations;
}
