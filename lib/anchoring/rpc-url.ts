import { readSecret } from '../aws/secrets';
import { cachedFor } from '../cached';
import { oneOf } from '../config';

/**
 * The JSON-RPC URL of the node the anchor worker talks to. A provider's URL usually carries
 * its API key (`https://eth-sepolia.g.alchemy.com/v2/<key>`), so in the cloud it lives in
 * Secrets Manager (EVM_RPC_URL_SECRET_ID), like the anchoring key; locally it is inline
 * (EVM_RPC_URL, the local anvil). Kept for RPC_URL_TTL_MS, so a URL put in the secret (a new
 * provider, a rotated key) is used within that time with no redeploy.
 */
const source = /* @__PURE__ */ oneOf('EVM_RPC_URL', 'EVM_RPC_URL_SECRET_ID');

export const RPC_URL_TTL_MS = 5 * 60 * 1000;

/** The URL from its text: http(s) only; the error never repeats the text (it may hold a key). */
export function parseRpcUrl(text: string, where: string): string {
  const trimmed = text.trim();
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new RpcUrlError(`${where} does not hold an http(s) URL of a JSON-RPC node`);
  }
  return trimmed;
}

/** The configured URL is missing or not a URL: the worker waits until it is fixed. */
export class RpcUrlError extends Error {
  override name = 'RpcUrlError';
}

export const rpcUrl = /* @__PURE__ */ cachedFor(RPC_URL_TTL_MS, async (): Promise<string> => {
  const inline = source.first();
  if (inline !== undefined) return parseRpcUrl(inline, 'EVM_RPC_URL');
  // assertConfigured() made sure one of the two is set.
  return parseRpcUrl((await readSecret(source.second() ?? '')) ?? '', 'The RPC-URL secret');
});
