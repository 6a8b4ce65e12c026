import type { ItemType } from '../data/keys';

/** A DPP. `dpp_type` and `mime_type` hold what the interface calls `type` (the item's own `type` is its entity type). */
export interface DppItem {
  pk: string;
  sk: string;
  type: typeof ItemType.Dpp;
  id: string;
  company_id: string;
  model_id: string;
  template_id?: string;
  name: string;
  description: string;
  dpp_type: string;
  /** ISO 639-1 language of name and description as stored. */
  language: string;
  created_at: string;
  updated_at: string;
}
