import type { TransactionItem } from '../aws/dynamodb';
import { isConditionFailure } from '../aws/errors';
import * as table from '../aws/table';
import { type Condition, eq, exists, noItem, setAll, update, where } from '../data/expressions';
import type { Key, KeyRange } from '../data/keys';
import { queryRange } from '../data/range';
import type { FileChanges, FileItem } from './model';

/**
 * All DynamoDB access of files under a parent, for any parent whose item sorts directly
 * before its files (see `ranges` in lib/data/keys.ts). Every write is conditioned on the
 * caller's scope (company, and model where the parent has one), so a write can never
 * land in another tenant's data even if a read was skipped.
 */
export interface FileParentKeys {
  parent: (parentId: string) => Key;
  file: (parentId: string, fileId: string) => Key;
  /** The parent item followed by its files. */
  withFiles: (parentId: string) => KeyRange;
}

/** Attributes that must be equal on the parent and on every file of the caller: `{company_id, model_id?}`. */
export type Scope = Readonly<Record<string, string>>;

export const inScope = (item: object | undefined, scope: Scope): boolean =>
  item !== undefined &&
  Object.entries(scope).every(([attr, value]) => (item as Record<string, unknown>)[attr] === value);

/** The item exists and is in the scope. */
const inScopeOf = (scope: Scope): Condition[] => [
  exists('pk'),
  ...Object.entries(scope).map(([attr, value]) => eq(attr, value)),
];

/**
 * One item under a parent and the parent itself, by their keys: ONE BatchGetItem of the two
 * (one round trip), for a public read that must see the parent's state (a DPP's `published`)
 * beside the item. Absent ones are undefined.
 */
export async function readWithParent<P, F>(parent: Key, item: Key): Promise<{ parent?: P; item?: F }> {
  const found = await table.batchGet([parent, item]);
  const bySk = (key: Key) => found.find((i) => i.pk === key.pk && i.sk === key.sk);
  return { parent: bySk(parent) as P | undefined, item: bySk(item) as F | undefined };
}

export interface ParentPage<P, F> {
  /** The parent item, on every page; absent when it does not exist. */
  parent?: P;
  files: F[];
  nextKey?: Key;
}

export function fileRepository<P, F extends FileItem>(keys: FileParentKeys) {
  return {
    keys,

    get: (parentId: string, fileId: string) => table.get<F>(keys.file(parentId, fileId)),

    /** A file with its parent: ONE BatchGetItem (readWithParent). */
    getWithParent: (parentId: string, fileId: string) =>
      readWithParent<P, F>(keys.parent(parentId), keys.file(parentId, fileId)),

    /**
     * A page of files with their parent, so the caller can check ownership on every page.
     * The first page is one Query over the parent and its files. A later page (after `after`,
     * a key of the range: the caller decoded it from a cursor) cannot reach the parent with
     * the same Query, so it reads the parent with a GetItem sent in parallel: two requests,
     * one round trip of latency. Reads one extra file to know whether more remain, so
     * `nextKey` is only set when another page has items.
     */
    async pageWithParent(parentId: string, page: { limit: number; after?: Key }): Promise<ParentPage<P, F>> {
      const range = keys.withFiles(parentId);
      let parent: P | undefined;
      let files: F[];
      if (page.after) {
        const [item, items] = await Promise.all([
          table.get<P>(keys.parent(parentId)),
          queryRange(range, page.limit + 1, page.after),
        ]);
        parent = item;
        files = items as F[];
      } else {
        const items = await queryRange(range, page.limit + 2);
        parent = items[0]?.sk === range.from ? (items.shift() as P) : undefined;
        files = items as F[];
      }
      const more = files.length > page.limit;
      if (more) files.length = page.limit;
      const last = files[files.length - 1];
      return { parent, files, nextKey: more && last ? { pk: last.pk, sk: last.sk } : undefined };
    },

    /**
     * Writes a new file only if its parent exists and is in the caller's scope, in one
     * transaction, with `also` (the new object's intent record's delete, lib/files/pending-objects.ts).
     */
    async putIfParent(parentId: string, item: F, scope: Scope, also: TransactionItem[] = []): Promise<boolean> {
      try {
        await table.transact([
          { check: keys.parent(parentId), condition: where(...inScopeOf(scope)) },
          { put: { ...item } as Record<string, unknown>, condition: noItem() },
          ...also,
        ]);
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /**
     * Updates a file in the caller's scope. When the content is replaced, the write only
     * succeeds if the item still points at `expectedPath`, so the caller knows exactly
     * which object it superseded. With `also` (the new object's intent record's delete), one
     * transaction, then the item read back. Returns the new item, or undefined when a condition failed.
     */
    async update(
      file: Key,
      scope: Scope,
      changes: FileChanges,
      updatedAt: string,
      expectedPath?: string,
      also: TransactionItem[] = [],
    ) {
      const changed: Record<string, unknown> = { updated_at: updatedAt, ...changes.content };
      if (changes.name !== undefined) changed.name = changes.name;
      if (changes.description !== undefined) changed.description = changes.description;
      if (changes.model_id !== undefined) changed.model_id = changes.model_id;
      if (changes.access_tier !== undefined) changed.access_tier = changes.access_tier;
      const condition = where(...inScopeOf(scope), ...(expectedPath === undefined ? [] : [eq('path', expectedPath)]));
      try {
        if (also.length === 0) return await table.update<F>(file, update(setAll(changed)), condition);
        await table.transact([{ update: file, set: update(setAll(changed)), condition }, ...also]);
        return await table.get<F>(file, { consistent: true });
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /** Deletes a file in the caller's scope; returns it, or undefined when there was nothing of the caller's. */
    async delete(file: Key, scope: Scope): Promise<F | undefined> {
      try {
        return await table.delete<F>(file, where(...inScopeOf(scope)));
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },
  };
}

export type FileRepository<P, F extends FileItem> = ReturnType<typeof fileRepository<P, F>>;
