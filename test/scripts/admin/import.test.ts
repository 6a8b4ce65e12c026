import { describe, expect, it } from 'vitest';
import { progressPrinter } from '../../../scripts/admin/import';
import { describeProgress, type ImportProgress } from '../../../scripts/admin/use-cases/import';

/** The import's progress on stderr: one redrawn line on a terminal, plain counted lines elsewhere. */
const step = (done: number): ImportProgress => ({
  done,
  total: 3,
  kind: 'dpp',
  id: `dpp-${done}`,
  path: `companies[0].dpps[${done - 1}]`,
  outcome: 'created',
  written: 4,
  present: 0,
  transactions: 1,
});

const printed = (isTTY: boolean) => {
  const lines: string[] = [];
  const print = progressPrinter({ out: () => undefined, err: (line) => lines.push(line), isTTY }, describeProgress);
  for (const done of [1, 2, 3]) print(step(done));
  return lines;
};

/** Cursor up one line, erase it, back to its start. */
const REDRAW = '\u001b[1A\u001b[2K\r';

describe('progressPrinter', () => {
  it('prints one plain line per record where stderr is no terminal (a pipe, a log, CI)', () => {
    expect(printed(false)).toEqual(['[1/3] dpp dpp-1 created', '[2/3] dpp dpp-2 created', '[3/3] dpp dpp-3 created']);
  });

  it('redraws one counted line on a terminal: each line after the first goes back over the last', () => {
    const lines = printed(true);
    expect(lines[0]).toBe('[1/3] dpp dpp-1 created');
    expect(lines.slice(1)).toEqual([`${REDRAW}[2/3] dpp dpp-2 created`, `${REDRAW}[3/3] dpp dpp-3 created`]);
  });
});
