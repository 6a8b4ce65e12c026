/**
 * The admin CLI's command line: which command, which target, and the exit code (scripts/admin.ts
 * runs it on the process's arguments and streams).
 */
import { parseArgs } from 'node:util';
import { type Command, type Io, UsageError } from './command';
import { commands } from './commands';
import { cloudFormationReader, deployedTarget, localTarget, type Target, TargetError } from './target';

const PROGRAM = 'npm run admin --';

/** Options every command takes: which stack it talks to. */
const TARGET_OPTIONS = {
  'local-dir': { type: 'string' },
  stack: { type: 'string' },
  region: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
const TAKES_VALUE = new Set(['--local-dir', '--stack', '--region']);

const TARGET_HELP = [
  'Target (any command):',
  '  (default)            the local stack of npm start (it writes .local/stack.json)',
  '  --local-dir <dir>    the local stack started with npm start -- --dir <dir>',
  '  --stack <name>       a deployed stack: its table and bucket from the CloudFormation outputs,',
  '                       with the AWS SDK’s default credentials (AWS_PROFILE, SSO, environment…)',
  '  --region <region>    the deployed stack’s region (default: the SDK’s)',
].join('\n');

const synopsis = (command: Command) => `${PROGRAM} ${command.name} ${command.usage.split('\n')[0]}`.trimEnd();

function generalHelp(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `usage: ${PROGRAM} <command> [options]      (npm run -s admin -- … prints only the command's output)`,
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    TARGET_HELP,
    '',
    `${PROGRAM} <command> --help prints a command's usage.`,
  ].join('\n');
}

function commandHelp(command: Command): string {
  const [, ...details] = command.usage.split('\n');
  return [`usage: ${synopsis(command)}`, '', command.summary, ...details, '', TARGET_HELP].join('\n');
}

/** A DomainError of lib/errors.ts, recognised without loading lib/ before the target's settings. */
function isDomainError(error: unknown): error is Error & { kind: string; code: string } {
  return error instanceof Error && typeof (error as { kind?: unknown }).kind === 'string' && 'code' in error;
}

/** The command the arguments name (after any leading target options), and the arguments without its words. */
function findCommand(argv: string[]): { command?: Command; words: string[]; rest: string[]; help: boolean } {
  let i = 0;
  let help = false;
  for (let arg = argv[0]; arg?.startsWith('-'); arg = argv[i]) {
    if (arg === '--help' || arg === '-h') help = true;
    i += TAKES_VALUE.has(arg) ? 2 : 1;
  }
  const first = argv[i];
  const second = argv[i + 1];
  const words = first === undefined || first.startsWith('-') ? [] : [first];
  if (words.length === 1 && second !== undefined && !second.startsWith('-')) words.push(second);
  // `api-key create` before `api-key`; `import <file>`: a one-word command and its positional.
  for (const n of [2, 1].filter((count) => count <= words.length)) {
    const command = commands.find((c) => c.name === words.slice(0, n).join(' '));
    if (command) return { command, words: words.slice(0, n), rest: [...argv.slice(0, i), ...argv.slice(i + n)], help };
  }
  return { words, rest: argv, help };
}

async function resolveTarget(values: Record<string, unknown>): Promise<Target> {
  const stack = values.stack as string | undefined;
  const region = values.region as string | undefined;
  const localDir = values['local-dir'] as string | undefined;
  if (stack !== undefined && localDir !== undefined)
    throw new UsageError('--stack and --local-dir name two targets: give one');
  if (region !== undefined && stack === undefined) throw new UsageError('--region goes with --stack');
  if (stack === undefined) return localTarget(localDir ?? '.local');
  if (!/^[A-Za-z][A-Za-z0-9-]{0,127}$/.test(stack))
    throw new UsageError('--stack: must be a CloudFormation stack name');
  return deployedTarget(stack, await cloudFormationReader(region));
}

/**
 * Runs one command line (the arguments after `npm run admin --`) and gives its exit code; what
 * it prints goes to `io`. The target's settings are put in process.env before the command loads
 * any lib/ module (lib/config.ts reads them once).
 */
export async function main(argv: string[], io: Io): Promise<number> {
  const found = findCommand(argv);
  const { command } = found;
  if (!command) {
    if (found.words.length === 0) {
      if (found.help) {
        io.out(generalHelp());
        return 0;
      }
      io.err(generalHelp());
      return 2;
    }
    const group = commands.filter((c) => c.name.startsWith(`${found.words[0]} `));
    // `company`, `company --help`: the group's commands.
    if (group.length > 0 && found.words.length === 1 && argv.some((arg) => arg === '--help' || arg === '-h')) {
      for (const c of group) io.out(`usage: ${synopsis(c)}`);
      return 0;
    }
    io.err(`${found.words.join(' ')}: no such command${group.length > 0 ? '' : ` (${PROGRAM} --help lists them)`}`);
    for (const c of group) io.err(`usage: ${synopsis(c)}`);
    return 2;
  }

  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  let target: Target;
  try {
    ({ values, positionals } = parseArgs({
      args: found.rest,
      options: { ...TARGET_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    }));
    if (values.help) {
      io.out(commandHelp(command));
      return 0;
    }
    if (positionals.length !== command.positionals.length) {
      throw new UsageError(
        command.positionals.length === 0
          ? `unexpected argument ${positionals[0]}`
          : `expects ${command.positionals.join(' ')}, got ${positionals.length} argument${positionals.length === 1 ? '' : 's'}`,
      );
    }
    target = await resolveTarget(values);
  } catch (error) {
    return failed(error, command, io);
  }

  // The target's settings, before any lib/ module is loaded (the commands import theirs in run).
  for (const [name, value] of Object.entries(target.env)) {
    if (value === '') delete process.env[name];
    else process.env[name] = value;
  }
  try {
    await command.run({ values, positionals, ...(target.apiUrl !== undefined && { apiUrl: target.apiUrl }) }, io);
    return 0;
  } catch (error) {
    return failed(error, command, io);
  }
}

/** Prints why the command did not run or failed, and gives its exit code. */
function failed(error: unknown, command: Command, io: Io): number {
  const usage = () => io.err(`usage: ${synopsis(command)}\n(${PROGRAM} ${command.name} --help for details)`);
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    io.err(`${command.name}: ${(error as Error).message}`);
    usage();
    return 2;
  }
  if (error instanceof TargetError) {
    io.err(`${command.name}: ${error.message}`);
    return 1;
  }
  if (isDomainError(error)) {
    io.err(`${command.name}: ${error.message} (${error.code})`);
    // The use case refused the input itself (a company as its own partner): a bad argument.
    if (error.kind === 'invalid') {
      usage();
      return 2;
    }
    return 1;
  }
  io.err(`${command.name} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  return 1;
}
