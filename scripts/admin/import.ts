import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type BulkFormat, bulkFormatOf, bulkImport } from './bulk-import';
import { type Command, UsageError } from './command';
import { progressPrinter } from './progress';

export const importCommand: Command = {
  name: 'import',
  summary:
    'A .json document: loads companies (users, API keys, templates, DPPs with images, files, cards and translations), ' +
    'partnerships and operators; idempotent. A .jsonl, .csv or .xlsx file: a bulk import of one company’s passports ' +
    'through the imports API, with a progress bar.',
  usage: [
    '<file> [--api-key <key> --wallet <0x…> [--mode create|upsert] [--dry-run] [--profile <id> --category <id>] [--template <id>] [--mapping <id>] [--poll <ms>]]',
    '  <file.json>           a document in the import format (docs/admin-cli.md, Import; infra/local/demo-data.json is one),',
    '                        each fixture a path relative to its folder. Stops at the first invalid record, naming it.',
    '  <file.jsonl|.csv|.xlsx>  passports (docs/admin-cli.md, Bulk import): POST /imports, the file uploaded, then a progress',
    '                        bar (rows/s, ETA) from GET /imports/{id}; at the end the counts and the failed rows.',
    '  --api-key <key>       the company’s API key, and',
    '  --wallet <0x…>        a wallet of one of its members: the token of the calls (GET /generateJWT)',
    '  --mode create|upsert  create (default: an existing product fails its row) or upsert',
    '  --dry-run             validate every row, write no passport',
    '  --profile, --category a new passport’s profile and category; --template <id>: each row’s template',
    '  --mapping <id>        a saved column mapping (POST /import-mappings)',
    '  --poll <ms>           between two looks at the import’s progress (default 1000)',
  ].join('\n'),
  options: {
    'api-key': { type: 'string' },
    wallet: { type: 'string' },
    mode: { type: 'string' },
    'dry-run': { type: 'boolean' },
    profile: { type: 'string' },
    category: { type: 'string' },
    template: { type: 'string' },
    mapping: { type: 'string' },
    poll: { type: 'string' },
  },
  positionals: ['<file>'],
  async run({ values, positionals, apiUrl }, io) {
    const [file = ''] = positionals;
    const format = bulkFormatOf(file);
    const bulkOptions = ['api-key', 'wallet', 'mode', 'dry-run', 'profile', 'category', 'template', 'mapping', 'poll'];
    if (format) return runBulk(file, format, values, apiUrl, io);
    const misplaced = bulkOptions.filter((name) => values[name] !== undefined);
    if (misplaced.length > 0)
      throw new UsageError(
        `${misplaced.map((name) => `--${name}`).join(', ')}: only with a bulk import (a .jsonl, .csv or .xlsx file)`,
      );
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

async function runBulk(
  file: string,
  format: BulkFormat,
  values: Readonly<Record<string, string | boolean | undefined>>,
  apiUrl: string | undefined,
  io: Parameters<Command['run']>[1],
): Promise<void> {
  const apiKey = values['api-key'];
  const wallet = values.wallet;
  const missing = [
    typeof apiKey === 'string' ? [] : ['--api-key'],
    typeof wallet === 'string' ? [] : ['--wallet'],
  ].flat();
  if (missing.length > 0)
    throw new UsageError(`${missing.join(' and ')}: required for a bulk import (the company's token)`);
  const mode = values.mode;
  if (mode !== undefined && mode !== 'create' && mode !== 'upsert')
    throw new UsageError('--mode: must be create or upsert');
  const poll = values.poll === undefined ? 1000 : Number(values.poll);
  if (!Number.isInteger(poll) || poll < 10 || poll > 60_000) throw new UsageError('--poll: milliseconds, 10 to 60000');
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  await bulkImport(
    file,
    format,
    {
      apiKey: apiKey as string,
      wallet: wallet as string,
      ...(mode !== undefined && { mode: mode as string }),
      dryRun: values['dry-run'] === true,
      ...(text('profile') !== undefined && { profile: text('profile') }),
      ...(text('category') !== undefined && { category: text('category') }),
      ...(text('template') !== undefined && { templateId: text('template') }),
      ...(text('mapping') !== undefined && { mappingId: text('mapping') }),
      pollMs: poll,
    },
    io,
    apiUrl,
  );
}

export { progressPrinter } from './progress';
