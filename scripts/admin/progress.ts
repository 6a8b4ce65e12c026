import type { Io } from './command';

/** Up one line and clear it: the next progress line takes the place of the last. */
const REDRAW = '\u001b[1A\u001b[2K\r';

/**
 * Progress on stderr: on a terminal one line that redraws itself; otherwise (a pipe, a log,
 * CI) one plain line per step (`import`'s records, `[12/40] dpp <id> created`; a bulk
 * import's polls, its progress bar).
 */
export function progressPrinter<P>(io: Io, describe: (progress: P) => string): (progress: P) => void {
  let drawn = false;
  return (progress) => {
    const line = describe(progress);
    if (!io.isTTY) return io.err(line);
    io.err(drawn ? `${REDRAW}${line}` : line);
    drawn = true;
  };
}
