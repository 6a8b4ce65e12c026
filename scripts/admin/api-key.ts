import { type Command, parseInput } from './command';

export const apiKeyCreate: Command = {
  name: 'api-key create',
  summary: 'Creates an API key of a company and prints it: the only time it is shown (only its hash is stored).',
  usage: [
    '--company <id> [--label <text>]',
    '  --company <id>      the company’s id',
    '  --label <text>      what the key is for, shown by api-key list',
    'Prints the key alone on stdout (KEY=$(npm run -s admin -- api-key create …)); its id goes to stderr.',
  ].join('\n'),
  options: { company: { type: 'string' }, label: { type: 'string' } },
  positionals: [],
  async run({ values }, io) {
    const { createApiKey, createApiKeyInput } = await import('./use-cases/create-api-key');
    const input = parseInput(createApiKeyInput, {
      company_id: ['--company', values.company],
      label: ['--label', values.label],
    });
    const created = await createApiKey(input);
    io.out(created.key);
    io.err(`API key ${created.id} created. Store the key now: it is not shown again.`);
  },
};

export const apiKeyList: Command = {
  name: 'api-key list',
  summary: 'Lists a company’s API keys: id, label, creation time, enabled (never a key or its hash).',
  usage: '--company <id>\n  --company <id>      the company’s id',
  options: { company: { type: 'string' } },
  positionals: [],
  async run({ values }, io) {
    const { listApiKeys, listApiKeysInput } = await import('./use-cases/list-api-keys');
    const input = parseInput(listApiKeysInput, { company_id: ['--company', values.company] });
    const rows = (await listApiKeys(input)).map((k) => [k.id, k.created_at, k.enabled ? 'yes' : 'no', k.label]);
    if (rows.length === 0) {
      io.err('no API keys');
      return;
    }
    for (const line of table(['id', 'created_at', 'enabled', 'label'], rows)) io.out(line);
  },
};

export const apiKeyDisable: Command = {
  name: 'api-key disable',
  summary: 'Disables an API key by its id: from the next GET /generateJWT on, it issues no token.',
  usage: [
    '<id>',
    '  <id>    the key’s id (api-key list)',
    'Tokens issued before keep their lifetime (1 h); disabling a disabled key changes nothing.',
  ].join('\n'),
  options: {},
  positionals: ['<id>'],
  async run({ positionals }, io) {
    const { disableApiKey, disableApiKeyInput } = await import('./use-cases/disable-api-key');
    const input = parseInput(disableApiKeyInput, { id: ['<id>', positionals[0]] });
    io.out(`disabled ${(await disableApiKey(input)).id}`);
  },
};

/** A header and rows as aligned columns (the last column is not padded). */
function table(header: string[], rows: string[][]): string[] {
  const lines = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...lines.map((row) => (row[column] ?? '').length)));
  return lines.map((row) =>
    row.map((cell, column) => (column < row.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell)).join('  '),
  );
}
