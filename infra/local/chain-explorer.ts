import type { IncomingMessage, ServerResponse } from 'node:http';
import { ethereum, RpcError, rpcClient } from '../../lib/evm/rpc';
import type { Hex } from '../../lib/evm/transaction';

/**
 * A tiny block explorer of the local chain, served by the local server (not part of the
 * deployed API): `GET /local/chain/tx/{hash}` answers the transaction and its receipt as JSON,
 * read from the local chain (anvil) at the time of the request. Locally EVM_EXPLORER_URL is
 * `<api>/local/chain`, so the `url` of an anchored notarization resolves as Etherscan's does
 * in the cloud.
 */
export const EXPLORER_PATH = /^\/local\/chain\/tx\/([^/?#]*)$/;

const HASH = /^0x[0-9a-fA-F]{64}$/;

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Answers the request when it is the explorer's; false otherwise (the API routes it). */
export async function serveChainExplorer(
  req: IncomingMessage,
  res: ServerResponse,
  rpcUrl = process.env.EVM_RPC_URL,
): Promise<boolean> {
  const match = EXPLORER_PATH.exec((req.url ?? '/').split('?')[0] ?? '/');
  if (!match) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    json(res, 405, { error: 'Only GET', code: 'METHOD_NOT_ALLOWED' });
    return true;
  }
  const hash = decodeURIComponent(match[1] ?? '');
  if (!HASH.test(hash)) {
    json(res, 400, { error: 'A transaction hash is 0x and 64 hex digits', code: 'BAD_REQUEST' });
    return true;
  }
  if (!rpcUrl) {
    json(res, 503, { error: 'No local chain', code: 'SERVICE_UNAVAILABLE' });
    return true;
  }
  const chain = ethereum(rpcClient(rpcUrl));
  try {
    const [transaction, receipt] = await Promise.all([chain.transaction(hash as Hex), chain.receipt(hash as Hex)]);
    if (!transaction) json(res, 404, { error: 'No such transaction on the local chain', code: 'NOT_FOUND' });
    else json(res, 200, { transaction, receipt });
  } catch (error) {
    const reason = error instanceof RpcError ? error.message : 'the local chain did not answer';
    json(res, 503, { error: reason, code: 'SERVICE_UNAVAILABLE' });
  }
  return true;
}
