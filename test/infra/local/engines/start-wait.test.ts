/**
 * How the local stack waits for a process it started (infra/local/engines/start-wait.ts): while
 * it is alive and progressing, never for a fixed time, and every give-up says why and how to
 * raise the limit. Driven with real child processes: one that spins on the CPU, one that sleeps,
 * one that exits; and DynamoDB Local's JVM itself given no time at all.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDynamoDb } from '../../../../infra/local/engines/dynamodb';
import {
  cpuSeconds,
  START_LIMITS,
  type StartLimits,
  startLimits,
  waitWhileProgressing,
} from '../../../../infra/local/engines/start-wait';
import { childProcesses } from '../../../support/processes';

let dir: string;
const children: ChildProcess[] = [];
let started = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dpp-start-wait-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * A child process: `node -e <code>`, its output collected. The code gets `done` (a file to
 * create once "ready") as process.argv[1].
 */
function child(code: string, done = join(dir, `ready-${++started}`)) {
  const process_ = spawn(process.execPath, ['-e', code, done], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(process_);
  let output = '';
  process_.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  process_.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const watched = {
    name: 'the test’s process',
    pid: process_.pid,
    exited: () => process_.exitCode ?? process_.signalCode ?? undefined,
    output: () => output,
  };
  return { watched, ready: async () => (existsSync(done) ? true : undefined) };
}

/** Spins on the CPU until it has used `cpuMs` of it (its own clock, whatever the machine's load), then creates the file. */
const SPIN_THEN_READY = (cpuMs: number) =>
  `const f = process.argv[1]; while (process.cpuUsage().user / 1000 < ${cpuMs}) {} require('node:fs').writeFileSync(f, '');` +
  ' setInterval(() => {}, 1000);';

/** A process that needs 1 s of CPU can take a minute of wall time at load 20 on 2 cores. */
const BUSY_MACHINE_TIMEOUT_MS = 120_000;

const limits = (overrides: Partial<StartLimits>): StartLimits => ({ ...START_LIMITS, ...overrides });

describe('waiting for a process to start', () => {
  it(
    'keeps waiting past the no-progress window while the process works on the CPU, silently',
    async () => {
      // 1 s of CPU cannot take less than 1 s of wall time: twice the no-progress window (and, on a
      // busy machine, many times it).
      const { watched, ready } = child(SPIN_THEN_READY(1_000));
      const notices: string[] = [];
      await expect(
        waitWhileProgressing(watched, {
          ready,
          limits: limits({ stallMs: 500, maxMs: 300_000, noticeEveryMs: 300_000 }),
          notice: (message) => notices.push(message),
        }),
      ).resolves.toBe(true);
      expect(cpuSeconds(watched.pid)).toBeGreaterThanOrEqual(1);
      expect(notices).toEqual([]);
    },
    BUSY_MACHINE_TIMEOUT_MS,
  );

  it(
    'says, while it waits, what for, the CPU the process used so far, the load, and the setting that raises the limit',
    async () => {
      const { watched, ready } = child(SPIN_THEN_READY(300));
      const notices: string[] = [];
      await waitWhileProgressing(watched, {
        ready,
        limits: limits({ noticeEveryMs: 100 }),
        notice: (message) => notices.push(message),
      });
      expect(notices.length).toBeGreaterThan(0);
      expect(notices[0]).toMatch(
        /^still waiting for the test’s process to answer: \d+ s so far, [\d.]+ s of CPU so far, load average [\d.]+ on \d+ cores; .*up to 300 s \(raise the limit with `npm start -- --start-timeout <seconds>` or DPP_START_TIMEOUT=<seconds>/,
      );
    },
    BUSY_MACHINE_TIMEOUT_MS,
  );

  it('gives up on a process that is alive but uses no CPU and prints nothing, saying so', async () => {
    const { watched, ready } = child('setTimeout(() => {}, 60_000);');
    const error = await waitWhileProgressing(watched, { ready, limits: limits({ stallMs: 1_000 }) }).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^the test’s process did not answer after \\d+ s, and used no CPU and printed nothing for the last \\d+ s ` +
          `\\(stopped, or waiting for something that does not come, [\\d.]+ s of CPU so far; load average [\\d.]+ on \\d+ cores\\) ` +
          `\\(pid ${watched.pid}\\)\\. Its last output:\\n\\(none\\)$`,
      ),
    );
  });

  it('gives up at the limit on a process that never answers though it progresses, naming the flag and the variable that raise it', async () => {
    const { watched, ready } = child(SPIN_THEN_READY(3_600_000));
    const error = await waitWhileProgressing(watched, { ready, limits: limits({ maxMs: 500 }) }).catch((e: Error) => e);
    expect((error as Error).message).toMatch(
      /^the test’s process did not answer within \d+ s, though alive and progressing, [\d.]+ s of CPU so far; load average [\d.]+ on \d+ cores\. On a busy machine, raise the limit with `npm start -- --start-timeout <seconds>` or DPP_START_TIMEOUT=<seconds> \(npm test reads it too\)/,
    );
  });

  it('gives up at once on a process that exited, with its exit code and its last output', async () => {
    const { watched, ready } = child("console.error('no such table: boom'); process.exit(3);");
    const error = await waitWhileProgressing(watched, { ready, pollMs: 20 }).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/^the test’s process exited \(3\) while starting.*no such table: boom$/s);
  });
});

describe('the start timeout setting', () => {
  it('is 300 s by default and 60 s without progress', () => {
    expect(startLimits(undefined)).toEqual({ maxMs: 300_000, stallMs: 60_000, noticeEveryMs: 15_000 });
    expect(startLimits('')).toEqual(START_LIMITS);
  });

  it('takes seconds, fractions too', () => {
    expect(startLimits('600').maxMs).toBe(600_000);
    expect(startLimits('2.5').maxMs).toBe(2_500);
  });

  it.each(['0', '-5', 'ten', 'Infinity'])('refuses %j, naming the setting', (value) => {
    expect(() => startLimits(value, 'DPP_START_TIMEOUT')).toThrow(
      `DPP_START_TIMEOUT must be a number of seconds above 0, not ${JSON.stringify(value)}`,
    );
  });
});

describe('DynamoDB Local given no time to start', () => {
  it('fails naming its port, the limit and how to raise it, and leaves no JVM behind', async () => {
    const error = await startDynamoDb({ startLimits: limits({ maxMs: 1 }) }).catch((e: Error) => e);
    expect((error as Error).message).toMatch(
      /^DynamoDB Local on port \d+ did not answer within \d+ s, though alive and progressing.*--start-timeout <seconds>` or DPP_START_TIMEOUT=<seconds>/s,
    );
    expect(await childProcesses(/DynamoDBLocal\.jar|dynamodb-local-watchdog/)).toEqual([]);
  });
});
