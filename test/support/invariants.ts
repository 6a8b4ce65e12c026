import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../lib/data/keys';

/**
 * What must hold of the stored state whatever failed on the way (docs/behaviour.md, Faults),
 * each a query over the table and the bucket. A test (the fault harness, a soak run) names
 * the companies, DPPs and idempotency keys it used; every check reads only their partitions
 * (Query and GetItem by key, and a bucket listing under their prefixes: no Scan).
 *
 * - every file item (and every pinned object of a file) has its object;
 * - an object under a DPP's prefix that no item references is allowed only while its intent
 *   record (OBJECT#<key>, in the pending index OBJECT#PENDING) exists, which the orphan sweeper
 *   acts on, or within ORPHAN_GRACE_MS (an object is written before its item);
 * - a DPP's versions are numbered 1..n without gaps;
 * - a company's `seats_used` equals its members plus its pending invitations;
 * - every notarization is PENDING, ANCHORED, or FAILED with a reason;
 * - an idempotency key gave at most one effect (the test counts the effects it can see);
 * - a key that was answered IDEMPOTENCY_KEY_ANSWER_LOST stays so: its record keeps its
 *   `applied_at` and never gets a stored answer a retry would replay, and its effect is
 *   exactly one.
 */

/**
 * How long an object may stay unreferenced without an intent record: an upload writes its
 * record, its object, then its item (which deletes the record), within one request (at most the
 * function's 10 s). An object that keeps its intent record is debris the orphan sweeper deletes
 * once the record is older than SWEEP_GRACE_MS (lib/files/sweep-orphans.ts; a test runs it with
 * 0): allowed. One older than this with no item and no record is debris nothing will remove.
 */
export const ORPHAN_GRACE_MS = 60_000;

export interface InvariantScope {
  companies: string[];
  /** DPPs with the company that owns them (their objects live under the company's prefix). */
  dpps: Array<{ id: string; companyId: string }>;
  /** Idempotency keys sent, each with the number of effects the test sees for it. */
  keys?: Array<ScopedKey>;
  /** Now, for the grace of unreferenced objects (default: the clock). */
  nowMs?: number;
}

export interface ScopedKey {
  name: string;
  effects: () => Promise<number>;
  /** The key's record (keys.idempotency), when one of its answers was IDEMPOTENCY_KEY_ANSWER_LOST. */
  answerLost?: keys.Key;
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
    // The local S3 server can answer InternalError when a listing races a delete (it reads a
    // file that was just removed): the checker retries more than the SDK's default 3 attempts.
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

/**
 * Every object under `prefix`, page by page with ListObjects (version 1) and its `Marker`, the
 * last key of the page before. Not ListObjectsV2: the local S3 server (s3rver) makes a V2
 * page's continuation token with DES, which OpenSSL 3 (Node 17 and later) no longer offers
 * (ERR_OSSL_EVP_UNSUPPORTED), so any listing of more than one page (1,000 keys) answered
 * InternalError, on every retry: that is what ended two 10-minute soaks at their final check.
 */
export async function listObjects(stores: Stores, prefix: string, pageSize = 1000) {
  const objects: Array<{ key: string; modified: number }> = [];
  let marker: string | undefined;
  for (;;) {
    const page = await stores.s3.send(
      new ListObjectsCommand({ Bucket: stores.bucket, Prefix: prefix, Marker: marker, MaxKeys: pageSize }),
    );
    const contents = page.Contents ?? [];
    for (const o of contents) objects.push({ key: o.Key!, modified: o.LastModified?.getTime() ?? 0 });
    if (!page.IsTruncated || contents.length === 0) return objects;
    marker = contents[contents.length - 1]!.Key;
  }
}

/**
 * Whether an object is named by an intent record: its own (`OBJECT#<key>`), or another's list
 * (`object_keys`: related-DPP copies), read from the pending index once, when first needed.
 */
function trackedObjects(stores: Stores): (key: string) => Promise<boolean> {
  let listed: Promise<Set<string>> | undefined;
  return async (key) => {
    const { Item } = await stores.doc.send(
      new GetCommand({ TableName: stores.tableName, Key: keys.pendingObject(key), ConsistentRead: true }),
    );
    if (Item) return true;
    listed ??= pendingIndex(stores);
    return (await listed).has(key);
  };
}

async function pendingIndex(stores: Stores): Promise<Set<string>> {
  const named = new Set<string>();
  let start: Item | undefined;
  do {
    const page = await stores.doc.send(
      new QueryCommand({
        TableName: stores.tableName,
        IndexName: keys.gsi1.name,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.PENDING_OBJECTS },
        ExclusiveStartKey: start,
      }),
    );
    for (const record of page.Items ?? []) {
      for (const key of (record.object_keys as string[] | undefined) ?? [record.object_key as string]) named.add(key);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return named;
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
  const tracked = trackedObjects(stores);

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
    const held = files.flatMap((file) =>
      [file.path as string, ...((file.pinned_paths as Set<string> | undefined) ?? [])].map((path) => ({ file, path })),
    );
    for (const { path } of held) referenced.add(path);
    violations.push(
      ...(await inBatches(held, async ({ file, path }) =>
        (await objectExists(stores, path)) ? [] : [`file ${file.sk} of DPP ${dppId}: no object at ${path}`],
      )),
    );
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
      if (now - object.modified > ORPHAN_GRACE_MS && !(await tracked(object.key))) {
        violations.push(
          `object ${object.key} unreferenced for more than ${ORPHAN_GRACE_MS / 1000} s, with no intent record`,
        );
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

  violations.push(...(await inBatches(scope.keys ?? [], (key) => keyViolations(stores, key))));
  return violations;
}

/** What is wrong with one idempotency key (see the list at the top). */
async function keyViolations(stores: Stores, key: ScopedKey): Promise<string[]> {
  const found: string[] = [];
  const effects = await key.effects();
  if (effects > 1) found.push(`idempotency key ${key.name}: ${effects} effects`);
  if (key.answerLost) {
    const { Item: record } = await stores.doc.send(
      new GetCommand({ TableName: stores.tableName, Key: key.answerLost, ConsistentRead: true }),
    );
    // Without `applied_at` a retry takes the key over and runs again; with an answer, it replays one that was lost.
    if (record?.applied_at === undefined) {
      found.push(`idempotency key ${key.name}: answered ANSWER_LOST, but its record is not marked applied`);
    }
    if (record?.response !== undefined || record?.state === 'COMPLETED') {
      found.push(`idempotency key ${key.name}: answered ANSWER_LOST, but its record now holds an answer to replay`);
    }
    if (effects !== 1) found.push(`idempotency key ${key.name}: answered ANSWER_LOST, with ${effects} effects`);
  }
  return found;
}

/** Checks this many items (objects, keys) at once: a 10-minute soak leaves tens of thousands. */
const CHECKS_AT_ONCE = 16;

/** `check` of every item, CHECKS_AT_ONCE at a time; what it found, in the items' order. */
async function inBatches<T>(items: readonly T[], check: (item: T) => Promise<string[]>): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < items.length; i += CHECKS_AT_ONCE) {
    for (const list of await Promise.all(items.slice(i, i + CHECKS_AT_ONCE).map(check))) found.push(...list);
  }
  return found;
}
