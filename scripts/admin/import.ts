import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type Command, type Io, UsageError } from './command';
import type { ImportProgress } from './use-cases/import';

export const importCommand: Command = {
  name: 'import',
  summary:
    'Loads companies (users, API keys, templates, DPPs with images, files, cards and translations), ' +
    'partnerships and operators from a JSON file. Idempotent: a second run creates nothing.',
  usage: [
    '<file.json>',
    '  <file.json>   a document in the import format (docs/admin-cli.md, Import; infra/local/demo-data.json is one),',
    '                each fixture a path relative to its folder. Stops at the first invalid record, naming it.',
  ].join('\n'),
  options: {},
  positionals: ['<file.json>'],
  async run({ positionals }, io) {
    const [file = ''] = positionals;
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    });
    const { describeProgress, importData, InvalidRecordError } = await import('./use-cases/import');
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new InvalidRecordError(file, '(document)', `is not JSON: ${(error as Error).message}`);
    }
    const summary = await importData(document, {
      baseDir: dirname(resolve(file)),
      source: file,
      onProgress: progressPrinter(io, describeProgress),
    });
    io.out(
      `${file}: ${summary.total} records: ${summary.created} created, ${summary.completed} completed, ` +
        `${summary.present} already present (${summary.items} items written)`,
    );
  },
};

/** Up one line and clear it: the next progress line takes the place of the last. */
const REDRAW = '\u001b[1A\u001b[2K\r';

/**
 * Progress on stderr: on a terminal one counted line that redraws itself; otherwise (a pipe, a
 * log, CI) one plain line per record, `[12/40] dpp <id> created`.
 */
export function progressPrinter(
  io: Io,
  describe: (progress: ImportProgress) => string,
): (progress: ImportProgress) => void {
  let drawn = false;
  return (progress) => {
    const line = describe(progress);
    if (!io.isTTY) return io.err(line);
    io.err(drawn ? `${REDRAW}${line}` : line);
    drawn = true;
  };
}
