import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanEnvironment,
  ensureWalkthroughTools,
  ROOT,
  startWalkthroughStack,
  type WalkthroughStack,
} from '../support/walkthrough-stack';

/**
 * docs/walkthrough.md is what a reader pastes, block after block, into one shell against
 * `npm start`. Here its ```sh blocks run in that order in one bash (variables carry from block
 * to block) against a fresh `npm start -- --port 0`, which the walk-through finds through its
 * stack.json alone. Strict mode: any failing command fails the test, and so does an id the
 * walk-through captures as empty or `null` (its `need` helper).
 */
const WALKTHROUGH = join(ROOT, 'docs/walkthrough.md');
const RUN_TIMEOUT_MS = 90_000;

interface Block {
  line: number;
  code: string;
}

function shellBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  markdown.split('\n').forEach((text, index) => {
    if (current === undefined && /^```(sh|bash)\s*$/.test(text)) current = { line: index + 2, code: '' };
    else if (current !== undefined && text.startsWith('```')) {
      blocks.push(current);
      current = undefined;
    } else if (current !== undefined) current.code += `${text}\n`;
  });
  return blocks;
}

/** The blocks as one script: strict mode, and a failing command named with its line in the doc. */
function script(blocks: Block[]): string {
  const lines = [
    'set -euo pipefail',
    `trap 'echo "failed: $BASH_COMMAND (docs/walkthrough.md line $((DOC_LINE + LINENO - SCRIPT_LINE)))" >&2' ERR`,
  ];
  for (const block of blocks) {
    // The doc's line of the block's first line, and the script's line it lands on.
    lines.push(`DOC_LINE=${block.line}; SCRIPT_LINE=${lines.length + 2}`, ...block.code.trimEnd().split('\n'));
  }
  return `${lines.join('\n')}\n`;
}

interface Run {
  code: number | null;
  output: string;
  ms: number;
}

function runBash(file: string, env: NodeJS.ProcessEnv): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [file], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => {
      output += `\n(killed after ${RUN_TIMEOUT_MS / 1000} s)`;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

describe('docs/walkthrough.md', () => {
  const blocks = shellBlocks(readFileSync(WALKTHROUGH, 'utf8'));
  let stack: WalkthroughStack;
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'dpp-walkthrough-run-'));
    await ensureWalkthroughTools();
    stack = await startWalkthroughStack();
  }, 600_000);

  afterAll(async () => {
    await stack?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  }, 30_000);

  it('takes every address from the stack file, never a fixed port', () => {
    expect(blocks.length).toBeGreaterThan(5);
    const ports = blocks.flatMap((block) => block.code.match(/(127\.0\.0\.1|localhost):\d+/g) ?? []);
    expect(ports).toEqual([]);
  });

  it('runs top to bottom, in one shell, against a fresh stack on random ports', async () => {
    const file = join(work, 'walkthrough.sh');
    await writeFile(file, script(blocks));
    const run = await runBash(file, cleanEnvironment({ STACK_FILE: stack.stackFile }));
    expect(run.code, `${run.output}\n--- npm start's stderr ---\n${stack.stderr()}`).toBe(0);
  }, 120_000);
});
