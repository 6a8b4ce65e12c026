/**
 * What the local-engine tests check after `stop()`: the port is released and no child
 * process (engine or watchdog) this test process started is left behind.
 */
import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';

/** True when nothing listens on 127.0.0.1:`port` any more. */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * Command lines of this process's live children that match `pattern`. Polls until there are
 * `expected` of them (a killed process can take a moment to leave `ps`) or 2 s have passed.
 */
export async function childProcesses(pattern: RegExp, expected = 0): Promise<string[]> {
  const list = (): string[] =>
    execFileSync('ps', ['-eo', 'ppid=,args='], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith(`${process.pid} `) && pattern.test(line));
  let remaining = list();
  for (let attempt = 0; remaining.length !== expected && attempt < 20; attempt++) {
    await new Promise((wake) => setTimeout(wake, 100));
    remaining = list();
  }
  return remaining;
}
