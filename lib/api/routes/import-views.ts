/** Response shapes of the import routes (docs only: no function imports this). */
import * as v from 'valibot';

const str = v.string();
export const importStatusView = v.strictObject({
  importId: str,
  format: v.picklist(['jsonl', 'csv', 'xlsx']),
  mode: v.picklist(['create', 'upsert']),
  dry_run: v.boolean(),
  template_id: v.optional(str),
  profile: v.optional(str),
  category: v.optional(str),
  mapping_id: v.optional(str),
  status: v.picklist(['waiting_upload', 'queued', 'running', 'done', 'failed']),
  reason: v.optional(str),
  rows: v.number(),
  created: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  failed: v.number(),
  percent: v.number(),
  created_at: str,
  started_at: v.optional(str),
  finished_at: v.optional(str),
});

export const importRowView = v.strictObject({
  row: v.number(),
  status: v.picklist(['created', 'updated', 'unchanged', 'failed']),
  dppId: v.optional(str),
  errors: v.array(
    v.strictObject({ column: v.optional(str), path: v.optional(str), message: str, code: v.optional(str) }),
  ),
  completeness: v.optional(
    v.strictObject({ complete: v.boolean(), mandatory: v.number(), present: v.number(), missing: v.array(str) }),
  ),
});
