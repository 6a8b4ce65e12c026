/**
 * One command of the admin CLI (`npm run admin -- <group> <action> …`, scripts/admin.ts).
 *
 * A command declares its options (node:util parseArgs) and its usage text; the entry point
 * parses and validates the arguments, prints `--help`, resolves the target stack (the local
 * one by default, a deployed one with `--stack <name>`) and sets its settings before the
 * command's `run` loads any lib/ module, so lib/ reads TABLE_NAME and BUCKET_NAME as a
 * function does (lib/config.ts).
 */
import type { ParseArgsConfig } from 'node:util';
import * as v from 'valibot';

/** Where a command prints: `out` for results (what a script pipes on), `err` for progress and messages. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** A terminal: progress may redraw one line; otherwise it prints plain counted lines. */
  readonly isTTY: boolean;
}

export interface CommandArgs {
  /** Option values, as parseArgs gives them. */
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
  /** The target's HTTP API, when known (a command that calls the API: a bulk import). */
  readonly apiUrl?: string;
}

export interface Command {
  /** `company create`, `api-key list`, `import` … */
  readonly name: string;
  readonly summary: string;
  /** Usage lines after the command name, e.g. `--company <id> [--label <text>]`. */
  readonly usage: string;
  readonly options: NonNullable<ParseArgsConfig['options']>;
  /** How many positionals it takes (exactly). */
  readonly positionals: readonly string[];
  /** Runs the command; throws UsageError for bad input (exit 2) or a domain error (exit 1). */
  run(args: CommandArgs, io: Io): Promise<void>;
}

/** Bad arguments: the entry point prints the message and the command's usage, and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Checks a command's arguments with its use case's input schema (the one lib/ exports beside
 * the use case, as a route's row does): `fields` maps each input field to the argument it came
 * from (`--email`, `<id>`) and its value. Every problem is named by its argument, at once.
 */
export function parseInput<S extends v.GenericSchema>(
  schema: S,
  fields: Record<string, readonly [argument: string, value: unknown]>,
): v.InferOutput<S> {
  const input = Object.fromEntries(Object.entries(fields).map(([field, [, value]]) => [field, value]));
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => {
    const field = String(issue.path?.[0]?.key ?? '');
    const argument = fields[field]?.[0] ?? field;
    return `${argument}: ${issue.input === undefined ? 'is required' : issue.message}`;
  });
  throw new UsageError([...new Set(problems)].join('; '));
}
