import {
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../aws/dynamodb';
import { isConditionFailure } from '../http/dependency-errors';
import type { Key, KeyRange } from './keys';
import { decodeCursor, type PageQuery } from './paging';

/**
 * What DPP files and template files have in common, and the reads and conditional
 * writes both use. Resource repositories (template-files.ts, dpp-files.ts) add their
 * own keys and fields. Every write is conditioned on the caller's company, so a write
 * can never land in another tenant's data even if a read was skipped.
 */
export interface FileItem extends Key {
  type: string;
  id: string;
  company_id: string;
  model_id?: string;
  name: string;
  description: string;
  /** S3 key of the current bytes. */
  path: string;
  mime_type: string;
  hash: string;
  size: number;
  /** Id of the current upload (one object per upload). */
  upload_id: string;
  created_at: string;
  updated_at: string;
  /** Object keys a DPP version or notarization refers to: never deleted. */
  pinned_paths?: Set<string>;
}

export async function getItem<T>(key: Key): Promise<T | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { pk: key.pk, sk: key.sk } }));
  return Item as T | undefined;
}

export interface ParentWithChildren<P, C> {
  /** The parent item; absent on pages after the first (and when it does not exist). */
  parent?: P;
  children: C[];
  nextKey?: Key;
}

/**
 * One Query over a parent and its children (see `ranges` in keys.ts): the parent on the
 * first page, then up to `limit` children. Reads one extra child to know whether more
 * remain, so `nextKey` is only set when another page has items.
 */
export async function queryParentWithChildren<P, C extends Key>(
  range: KeyRange,
  page: PageQuery,
): Promise<ParentWithChildren<P, C>> {
  const startKey = page.cursor ? decodeCursor(page.cursor, range) : undefined;
  const wanted = page.limit + 1 + (startKey ? 0 : 1);
  const items: Record<string, unknown>[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined = startKey && { pk: startKey.pk, sk: startKey.sk };
  do {
    const result = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
        ExclusiveStartKey: exclusiveStartKey,
        Limit: wanted - items.length,
      }),
    );
    items.push(...(result.Items ?? []));
    exclusiveStartKey = result.LastEvaluatedKey;
  } while (exclusiveStartKey && items.length < wanted);

  const parent = items[0]?.sk === range.from ? (items.shift() as P) : undefined;
  const children = items as C[];
  const more = children.length > page.limit;
  if (more) children.length = page.limit;
  const last = children[children.length - 1];
  return { parent, children, nextKey: more && last ? { pk: last.pk, sk: last.sk } : undefined };
}

/** Condition on the parent item that must hold for a child to be written under it. */
export interface ParentCondition {
  key: Key;
  expression: string;
  values: Record<string, unknown>;
}

/**
 * Writes a new child item only if its parent exists and passes `condition`
 * (e.g. belongs to the caller's company), in one transaction.
 * Returns false when the parent condition failed.
 */
export async function putChildIfParent(parent: ParentCondition, item: Key & Record<string, unknown>): Promise<boolean> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName,
              Key: { pk: parent.key.pk, sk: parent.key.sk },
              ConditionExpression: `attribute_exists(pk) AND ${parent.expression}`,
              ExpressionAttributeValues: parent.values,
            },
          },
          { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export interface FileChanges {
  name?: string;
  description?: string;
  model_id?: string;
  content?: { path: string; mime_type: string; hash: string; size: number; upload_id: string };
}

/**
 * Updates a file item of the caller's company. When the content is replaced, the write
 * only succeeds if the item still points at `expectedPath`, so the caller knows exactly
 * which object it superseded. Returns the new item, or undefined when the condition failed.
 */
export async function updateFileItem<T extends FileItem>(
  key: Key,
  companyId: string,
  changes: FileChanges,
  updatedAt: string,
  expectedPath?: string,
): Promise<T | undefined> {
  const set: Record<string, unknown> = { updated_at: updatedAt, ...changes.content };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.model_id !== undefined) set.model_id = changes.model_id;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':company': companyId };
  const assignments = Object.entries(set).map(([attr, value], i) => {
    names[`#a${i}`] = attr;
    values[`:v${i}`] = value;
    return `#a${i} = :v${i}`;
  });
  let condition = 'attribute_exists(pk) AND company_id = :company';
  if (expectedPath !== undefined) {
    names['#path'] = 'path';
    values[':expectedPath'] = expectedPath;
    condition += ' AND #path = :expectedPath';
  }
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { pk: key.pk, sk: key.sk },
        UpdateExpression: `SET ${assignments.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as T;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Deletes an item only if `condition` holds (always including the caller's company).
 * Returns the deleted item, or undefined when there was nothing of the caller's to delete.
 */
export async function deleteItemIf<T>(
  key: Key,
  condition: { expression: string; values: Record<string, unknown> },
): Promise<T | undefined> {
  try {
    const { Attributes } = await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: { pk: key.pk, sk: key.sk },
        ConditionExpression: `attribute_exists(pk) AND ${condition.expression}`,
        ExpressionAttributeValues: condition.values,
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes as T;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
