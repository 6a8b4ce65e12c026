/**
 * Each function's own local credentials: an access key id that names the function (`LOCAL` and
 * 15 hex digits of its name's hash) and a secret derived from the same name, so the IAM proxies
 * (infra/local/iam/proxy.ts) know the caller from the signature alone, and a test can sign as
 * any function. Local only: they open nothing but the local engines.
 */
import { createHash } from 'node:crypto';

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

export function functionCredentials(fn: string): LocalCredentials {
  return {
    accessKeyId: `LOCAL${hash(`dpp-local-function:${fn}`).slice(0, 15).toUpperCase()}`,
    secretAccessKey: hash(`dpp-local-function-secret:${fn}`).slice(0, 40),
  };
}
