import { describe, expect, it } from 'vitest';
import { bulkFormatOf, describeBulkProgress, progressOf } from '../../../scripts/admin/bulk-import';

/** The bulk import's progress line (scripts/admin/bulk-import.ts), from two polls of GET /imports/{id}. */
describe('a bulk import’s progress', () => {
  it('counts rows a second from the first poll that saw the run, and the ETA from the percentage', () => {
    // 2,000 rows in 10 s since the first look (at 1,000 rows), 30 % of the file: 10,000 rows, 7,000 left at 200 a second.
    const progress = progressOf({ status: 'running', percent: 30, rows: 3000 }, { rows: 1000, at: 0 }, 10_000);
    expect(progress).toEqual({ status: 'running', percent: 30, rows: 3000, rate: 200, etaSeconds: 35 });
    expect(describeBulkProgress(progress)).toBe(
      `[${'#'.repeat(7)}${'-'.repeat(17)}]  30 % 3,000 rows · 200 rows/s · ETA 35 s`,
    );
  });

  it('shows no rate or ETA before they can be measured, and the status before the run and after it', () => {
    expect(describeBulkProgress(progressOf({ status: 'queued', percent: 0, rows: 0 }, undefined, 5))).toBe(
      `[${'-'.repeat(24)}]   0 % queued`,
    );
    expect(describeBulkProgress(progressOf({ status: 'running', percent: 0, rows: 0 }, { rows: 0, at: 5 }, 5))).toBe(
      `[${'-'.repeat(24)}]   0 % 0 rows · – rows/s · ETA –`,
    );
    expect(
      describeBulkProgress(progressOf({ status: 'done', percent: 100, rows: 120 }, { rows: 20, at: 0 }, 90_000)),
    ).toBe(`[${'#'.repeat(24)}] 100 % 120 rows · 1 rows/s · done`);
  });

  it('takes the format from the extension; any other file is the data loader’s document', () => {
    expect(['a.jsonl', 'a.NDJSON', 'b.csv', 'c.xlsx', 'd.json', 'e'].map(bulkFormatOf)).toEqual([
      'jsonl',
      'jsonl',
      'csv',
      'xlsx',
      undefined,
      undefined,
    ]);
  });
});
