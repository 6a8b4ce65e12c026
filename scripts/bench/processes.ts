/**
 * Fresh Node processes for measurements that must not share a warm module cache or JIT:
 * the same Node that runs the bench (process.execPath: the pinned Node 24 under npm
 * scripts), with only the settings passed (no NODE_OPTIONS, no tsx loader).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Marks the line a child reports its result on, apart from anything the code under test prints. */
export const RESULT_MARK = 'BENCH_RESULT ';

/**
 * Runs `script` (an ES module, as text) in a fresh process with `args`, and returns what it
 * reported with `report(value)` (JSON).
 */
export async function inFreshNode<T>(script: string, args: string[], env: Record<string, string>): Promise<T> {
  const prelude = `const report = (value) => process.stdout.write('\\n${RESULT_MARK}' + JSON.stringify(value) + '\\n', () => process.exit(0));\n`;
  try {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', prelude + script, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARK));
    if (!line) throw new Error(`the child reported nothing; it printed:\n${stdout.slice(-2000)}`);
    return JSON.parse(line.slice(RESULT_MARK.length)) as T;
  } catch (error) {
    const failed = error as Error & { code?: unknown; stderr?: string };
    if (failed.stderr === undefined) throw error;
    // The last lines the child wrote, each cut short: a minified bundle's line is a whole file.
    const said = failed.stderr
      .trim()
      .split('\n')
      .slice(-12)
      .map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line))
      .join('\n');
    throw new Error(`a fresh node (${args.join(' ')}) failed with exit code ${String(failed.code)}:\n${said}`);
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
