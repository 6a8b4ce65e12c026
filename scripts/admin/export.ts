import { type Command, parseInput } from './command';

export const exportCommand: Command = {
  name: 'export',
  summary:
    'Writes one DPP with every version and file, as JSON plus the bytes, to <dir>/<dppId>/: a backup copy ' +
    'that people and other systems read without this service (ESPR Art. 10). Import restores the passport.',
  usage: [
    '<dppId> [--out <dir>]',
    '  <dppId>        the DPP’s id',
    '  --out <dir>    where to write its folder (default: the current folder); an existing <dir>/<dppId> is left alone',
  ].join('\n'),
  options: { out: { type: 'string' } },
  positionals: ['<dppId>'],
  async run({ values, positionals }, io) {
    const { exportDpp, exportDppInput } = await import('./use-cases/export');
    const input = parseInput(exportDppInput, { dpp_id: ['<dppId>', positionals[0]], out: ['--out', values.out] });
    const summary = await exportDpp(input.dpp_id, input.out);
    for (const warning of summary.warnings) io.err(`warning: ${warning}`);
    io.err(
      `${summary.files} files, ${summary.images} images, ${summary.templateFiles} template files, ` +
        `${summary.versions} versions, ${summary.notarizations} notarizations (README.txt in the folder says what is where)`,
    );
    io.out(summary.dir);
  },
};
