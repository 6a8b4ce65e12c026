/**
 * `npm run admin -- <command> [options]`: the operators' CLI. It bootstraps tenants on the
 * local stack of `npm start` (default) or on a deployed stack (`--stack <name>`), through the
 * same models, repositories and keys as the service (its use cases: scripts/admin/use-cases/).
 *
 *   npm run admin -- --help               every command
 *   npm run admin -- <command> --help     one command's usage
 *
 * Exit codes: 0 done; 1 the command failed (an unknown company, a wallet taken, no stack to
 * talk to); 2 bad or missing arguments (the message and the command's usage on stderr).
 * Results go to stdout (one id, one key: `ID=$(npm run -s admin -- company create …)`),
 * everything else to stderr.
 */
import { main } from './admin/cli';

process.exitCode = await main(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  isTTY: Boolean(process.stderr.isTTY),
});
