import type { TransactionItem } from '../aws/dynamodb';
import { cancellationCodes, isTransientCancellation } from '../aws/errors';
import * as table from '../aws/table';
import type { Condition, UpdateAction } from './expressions';

/**
 * A change of one item as parts that another write joins into its own transaction: the actions
 * of its update, the conditions it holds on, and the legs beside it (other items' puts and
 * checks). The passport API's writes are each one with their archive version
 * (lib/versions/repository.ts, versionLegs): a transaction names an item once, so the change's
 * update of the DPP and the version's counter are one leg.
 */
export interface ItemChange {
  actions: UpdateAction[];
  conditions: Condition[];
  legs: TransactionItem[];
}

const ATTEMPTS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a transaction whose conditions may fail. Resolves to the indexes of the items whose
 * condition failed (empty when it committed): a refused transaction wrote nothing, and the
 * indexes say which rule refused it. Transactions touching the same item at the same moment
 * (twenty invitations on one company) cancel each other with TransactionConflict: those are
 * sent again, up to ATTEMPTS times with jittered backoff, before the conflict is thrown (then
 * 503, lib/aws/errors.ts). Before sending again, `recheck` may settle the outcome from a read
 * (the company is full: no need to take part in the race again).
 */
export async function transactWithConditions(
  items: TransactionItem[],
  recheck?: () => Promise<number[] | undefined>,
): Promise<number[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      await table.transact(items);
      return [];
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      const failed = codes.flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
      if (failed.length > 0) return failed;
      if (attempt >= ATTEMPTS || !isTransientCancellation(codes)) throw error;
      const settled = await recheck?.();
      if (settled) return settled;
      await sleep(Math.random() * Math.min(1000, 20 * 2 ** attempt));
    }
  }
}
