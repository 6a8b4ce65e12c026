import type { ItemChange } from '../data/transaction';
import type { Manufacturer } from './link';
import type { DppItem } from './model';

/**
 * A change of the DPP that its version archives in the same transaction (the passport API's
 * writes, lib/passport-api/archive.ts): the DPP as the change leaves it (its counter aside: what
 * the version freezes), and the change's write (lib/versions/repository.ts, ArchivedChange).
 */
export interface DppChange {
  dpp: DppItem;
  write: ItemChange;
  manufacturer?: Manufacturer;
}

/**
 * Makes the change from the DPP as read (strongly consistent, the caller's company's), at `at`
 * (the version's time too), or throws the domain error that refuses it: nothing is written then.
 */
export type PlanChange = (read: DppItem, at: string) => DppChange | Promise<DppChange>;
