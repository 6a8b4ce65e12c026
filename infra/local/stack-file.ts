import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * `<dir>/stack.json`: what a client of a running `npm start` needs (the admin CLI, scripts):
 * the API's address and the settings that point lib/ at the local engines. Written once the
 * stack is ready, removed when it stops; a file left by a killed stack names engines that no
 * longer answer, which its readers check.
 */
export interface StackFile {
  apiUrl: string;
  /** The `npm start` process. */
  pid: number;
  /** AWS_REGION, the local credentials, TABLE_NAME, BUCKET_NAME, DYNAMODB_ENDPOINT, S3_ENDPOINT, PUBLIC_BASE_URL. */
  env: Record<string, string>;
  /**
   * Each engine's address, for scripts and the walk-through: `dynamodb`, `s3`, `ses`,
   * `sesStore` (the sent mail as JSON), `stripe`, `vies`, `translate`, `evm` (the chain's JSON-RPC).
   */
  engines?: Record<string, string>;
}

const CLIENT_SETTINGS = [
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'TABLE_NAME',
  'BUCKET_NAME',
  'DYNAMODB_ENDPOINT',
  'S3_ENDPOINT',
  'PUBLIC_BASE_URL',
] as const;

export const stackFilePath = (dir: string): string => join(dir, 'stack.json');

export async function writeStackFile(
  dir: string,
  apiUrl: string,
  env: Record<string, string>,
  engines?: Record<string, string>,
): Promise<void> {
  const file: StackFile = {
    apiUrl,
    pid: process.pid,
    env: Object.fromEntries(CLIENT_SETTINGS.map((name) => [name, env[name] ?? ''])),
    ...(engines && { engines }),
  };
  // Whole or not at all: a client polls for the file (the tests, the walk-through), and a read
  // between the open and the last byte of a plain write would see half a JSON document.
  const partial = `${stackFilePath(dir)}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await rename(partial, stackFilePath(dir));
}

export async function removeStackFile(dir: string): Promise<void> {
  await rm(stackFilePath(dir), { force: true });
}

/** The stack file of `dir`, or undefined when there is none. */
export async function readStackFile(dir: string): Promise<StackFile | undefined> {
  try {
    return JSON.parse(await readFile(stackFilePath(dir), 'utf8')) as StackFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
