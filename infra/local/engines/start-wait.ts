/**
 * How the local stack waits for a process it started (DynamoDB Local's JVM, anvil; the test
 * setup waits for `npm start` itself the same way): not for a fixed time, but while the process
 * is alive and making progress.
 *
 * - It keeps waiting while the process uses CPU or prints something: on a busy machine (a
 *   2-core laptop at load 8–20) a JVM can need minutes of wall time for its 2 s of CPU.
 * - It gives up early, saying so, when the process exited, or used no CPU and printed nothing
 *   for `stallMs` (stopped, or waiting on something that will not come).
 * - It gives up at `maxMs` in any case, naming the setting that raises it (START_TIMEOUT_HINT).
 * - Every `noticeEveryMs` of waiting it says what it waits for, with the process's CPU so far
 *   and the machine's load, so a slow start is never silent.
 *
 * Every failure says why: what it waited for, for how long, the process's CPU, the load
 * average, and the process's last output.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/** The environment variable (seconds) `npm start` and `npm test` read for START_LIMITS.maxMs. */
export const START_TIMEOUT_ENV = 'DPP_START_TIMEOUT';

/** Where the limit is raised; part of every message that gives up at it. */
export const START_TIMEOUT_HINT = `raise the limit with \`npm start -- --start-timeout <seconds>\` or ${START_TIMEOUT_ENV}=<seconds> (npm test reads it too)`;

export interface StartLimits {
  /** The longest wait, progress or not. */
  maxMs: number;
  /** Give up when the process used no CPU and printed nothing for this long. */
  stallMs: number;
  /** How often a wait still going on is reported to `notice`. */
  noticeEveryMs: number;
}

/** The defaults: 5 minutes at most, 60 s without any progress, a notice every 15 s. */
export const START_LIMITS: StartLimits = { maxMs: 300_000, stallMs: 60_000, noticeEveryMs: 15_000 };

/**
 * START_LIMITS with `maxMs` from a number of seconds (the `--start-timeout` flag or
 * DPP_START_TIMEOUT); undefined or empty: the default. Throws, naming it, on anything but a
 * positive number.
 */
export function startLimits(seconds: string | undefined, name = `--start-timeout`): StartLimits {
  if (seconds === undefined || seconds.trim() === '') return START_LIMITS;
  const value = Number(seconds);
  if (!(Number.isFinite(value) && value > 0)) {
    throw new Error(`${name} must be a number of seconds above 0, not ${JSON.stringify(seconds)}`);
  }
  return { ...START_LIMITS, maxMs: Math.round(value * 1000) };
}

/** The process as the wait watches it. */
export interface Watched {
  /** What it is, for messages: `DynamoDB Local (java)`. */
  name: string;
  pid: number | undefined;
  /** The exit code or signal once it has exited, undefined while it runs. */
  exited(): number | string | undefined;
  /** Its last lines of output, for messages. */
  output(): string;
  /** How much it has printed in all (growing output counts as progress); default: `output()`'s length. */
  printed?(): number;
}

export interface WaitOptions<T> {
  /** One probe: the value once ready, undefined while not. Errors thrown here end the wait. */
  ready: () => Promise<T | undefined>;
  limits?: StartLimits;
  /** Told while the wait goes on (default: stderr). */
  notice?: (message: string) => void;
  /** Between probes (default 100 ms). */
  pollMs?: number;
}

/** CPU seconds (user + system) of a process, from /proc (Linux); undefined where that cannot be read. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (which may hold spaces, inside parentheses): utime and stime are
    // fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
    return Number.isFinite(seconds) ? seconds : undefined;
  } catch {
    return undefined;
  }
}

/** `load average 12.3 on 2 cores`: part of every message about a slow start. */
export function machineLoad(): string {
  return `load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores`;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(0)} s`;

/** Probes `ready` until it gives a value, as long as `watched` is alive and progressing (module comment). */
export async function waitWhileProgressing<T>(watched: Watched, options: WaitOptions<T>): Promise<T> {
  const limits = options.limits ?? START_LIMITS;
  const notice = options.notice ?? ((message: string) => console.error(message));
  const started = Date.now();
  let lastProgress = started;
  let lastCpu = cpuSeconds(watched.pid);
  const printed = (): number => watched.printed?.() ?? watched.output().length;
  let lastOutput = printed();
  let nextNotice = started + limits.noticeEveryMs;
  const cpuNow = (): string => {
    const cpu = cpuSeconds(watched.pid);
    return cpu === undefined ? '' : `, ${cpu.toFixed(1)} s of CPU so far`;
  };
  const failure = (reason: string): Error => {
    const output = watched.output().trim();
    return new Error(
      `${watched.name} ${reason}${watched.pid === undefined ? '' : ` (pid ${watched.pid})`}. ` +
        `Its last output:\n${output ? output.split('\n').slice(-25).join('\n') : '(none)'}`,
    );
  };
  for (;;) {
    const exited = watched.exited();
    if (exited !== undefined) throw failure(`exited (${exited}) while starting`);
    const value = await options.ready();
    if (value !== undefined) return value;
    const now = Date.now();
    const cpu = cpuSeconds(watched.pid);
    const output = printed();
    // Where CPU time cannot be read, being alive is all the progress there is to see.
    if (cpu === undefined || cpu !== lastCpu || output !== lastOutput) lastProgress = now;
    lastCpu = cpu;
    lastOutput = output;
    if (now - lastProgress >= limits.stallMs) {
      throw failure(
        `did not answer after ${seconds(now - started)}, and used no CPU and printed nothing for the last ` +
          `${seconds(now - lastProgress)} (stopped, or waiting for something that does not come${cpuNow()}; ${machineLoad()})`,
      );
    }
    if (now - started >= limits.maxMs) {
      throw failure(
        `did not answer within ${seconds(limits.maxMs)}, though alive and progressing${cpuNow()}; ${machineLoad()}. ` +
          `On a busy machine, ${START_TIMEOUT_HINT}`,
      );
    }
    if (now >= nextNotice) {
      nextNotice = now + limits.noticeEveryMs;
      notice(
        `still waiting for ${watched.name} to answer: ${seconds(now - started)} so far${cpuNow()}, ${machineLoad()}; ` +
          `it keeps waiting while the process progresses, up to ${seconds(limits.maxMs)} (${START_TIMEOUT_HINT})`,
      );
    }
    await new Promise((wake) => setTimeout(wake, options.pollMs ?? 100));
  }
}
