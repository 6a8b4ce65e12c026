import type * as v from 'valibot';
import { rpcUrl } from '../anchoring/rpc-url';
import { required } from '../config';
import { readCredentialSource } from '../credentials/repository';
import { defined } from '../defined';
import { isPublished } from '../dpps/model';
import { UnavailableError } from '../errors';
import { RpcUnavailableError, rpcClient } from '../evm/rpc';
import type { NotarizationItem, StoredVerification } from '../notarizations/model';
import { type getVersionDocumentInput, versionNotFound } from '../versions/get-version-document';
import {
  type AnchorOnChain,
  anchorInputCheck,
  anchorTransactionCheck,
  type Check,
  chainIdCheck,
  documentHashCheck,
  reportHashCheck,
  signatureCheck,
  type Verification,
  verification,
} from './checks';
import { readStoredBytes, readWallet, storeVerification } from './repository';

const chainId = /* @__PURE__ */ required('EVM_CHAIN_ID');

/** What a node says of the anchoring transaction: three JSON-RPC calls, in parallel. */
async function anchorOnChain(hash: string): Promise<AnchorOnChain> {
  const call = rpcClient(await rpcUrl(), { timeoutMs: 5000 });
  try {
    const [transaction, latest, node] = await Promise.all([
      call<AnchorOnChain['transaction']>('eth_getTransactionByHash', [hash]),
      call<string>('eth_blockNumber'),
      call<string>('eth_chainId'),
    ]);
    return { transaction, latestBlock: BigInt(latest), nodeChainId: BigInt(node) };
  } catch (error) {
    if (error instanceof RpcUnavailableError) {
      throw new UnavailableError('The chain cannot be reached to verify the anchor; please retry shortly');
    }
    throw error;
  }
}

/** A stored outcome this recent, and the same, is not written again: at most one write per version per 10 minutes. */
export const REFRESH_AFTER_MS = 10 * 60_000;

/** The outcome to keep for the passport page (lib/pages), or undefined when the stored one still says it. */
export function outcomeToStore(
  previous: StoredVerification | undefined,
  result: Verification,
  seen: { transactionHash: string; chainId: string; chain?: AnchorOnChain },
  now: Date,
): StoredVerification | undefined {
  const block = seen.chain?.transaction?.blockNumber;
  const outcome: StoredVerification = {
    valid: result.valid,
    ...(!result.valid && { failed_check: result.checks.find((check) => !check.ok)?.check }),
    checked_at: now.toISOString(),
    transaction_hash: seen.transactionHash,
    chain_id: seen.chainId,
    ...(block && {
      block_number: Number(BigInt(block)),
      confirmations: Number(defined(seen.chain, 'the chain of a mined block').latestBlock - BigInt(block) + 1n),
    }),
  };
  const same =
    previous !== undefined &&
    previous.valid === outcome.valid &&
    previous.failed_check === outcome.failed_check &&
    previous.transaction_hash === outcome.transaction_hash &&
    now.getTime() - Date.parse(previous.checked_at) < REFRESH_AFTER_MS;
  return same ? undefined : outcome;
}

const missing = (check: Check['check'], detail: string): Check => ({ check, ok: false, detail });

/** The notarization's own checks, once it exists. */
async function notarizationChecks(
  notarization: NotarizationItem,
  signature: string | undefined,
  reportPath: string | undefined,
) {
  const wallet = await readWallet(notarization.submitter);
  const checks: Check[] = [
    { check: 'notarization', ok: true, detail: `notarized ${notarization.created_at}, ${notarization.status}` },
    reportPath === undefined
      ? missing('report_hash', 'the version names no report')
      : reportHashCheck(await readStoredBytes(reportPath), notarization.report_hash),
    signature === undefined
      ? missing('signature', 'the version holds no signature')
      : signatureCheck(signature, notarization.report_hash, notarization.submitter),
    {
      // Notarize refuses a submitter whose wallet is not the company's, so the record says it was then.
      check: 'submitter_wallet',
      ok: true,
      detail:
        `the submitter's wallet was the company's when it signed (notarize checked it); ` +
        (wallet?.company_id === notarization.company_id ? 'it still is' : 'it is no longer'),
    },
  ];
  if (notarization.status !== 'ANCHORED' || !notarization.transaction_hash) {
    checks.push(missing('anchor_transaction', `not anchored on the chain yet (${notarization.status})`));
    return { checks };
  }
  const chain = await anchorOnChain(notarization.transaction_hash);
  checks.push(
    anchorTransactionCheck(notarization.transaction_hash, chain),
    anchorInputCheck(chain, notarization.dpp_hash, notarization.report_hash),
    chainIdCheck(chain, BigInt(chainId())),
  );
  return { checks, chain };
}

/**
 * Checks a version's notarization from stored and on-chain data only, for anyone: the stored
 * document's bytes against the version's hash, the stored report against the signed hash, the
 * EIP-191 signature against the submitter, the submitter's wallet, and the anchoring
 * transaction on the configured chain (mined, confirmed, carrying both hashes, on the right
 * chain). A version never notarized is not valid, and the `notarization` check says what is
 * missing. A chain that cannot be reached is a 503, never an invalid answer. The outcome for an
 * ANCHORED notarization is kept on it (outcomeToStore), for the passport page.
 */
export async function verifyVersion({
  params,
}: Pick<v.InferOutput<typeof getVersionDocumentInput>, 'params'>): Promise<Verification> {
  const { version, dpp, notarization } = await readCredentialSource(params.dppId, params.version);
  if (!version || !dpp || !isPublished(dpp)) throw versionNotFound();
  const checks: Check[] = [documentHashCheck(await readStoredBytes(version.document_path), version.content_hash)];
  if (!notarization) {
    checks.push(
      missing(
        'notarization',
        `version ${version.version} was never notarized: its company has not signed and anchored it`,
      ),
    );
    return verification(checks);
  }
  if (notarization.dpp_hash !== version.content_hash) {
    checks.push(missing('document_hash', `the notarization anchors ${notarization.dpp_hash}, not the version's hash`));
  }
  const own = await notarizationChecks(notarization, version.signature, version.report_path);
  checks.push(...own.checks);
  const result = verification(checks);
  if (notarization.status === 'ANCHORED' && notarization.transaction_hash) {
    const seen = { transactionHash: notarization.transaction_hash, chainId: chainId(), chain: own.chain };
    const outcome = outcomeToStore(notarization.verification, result, seen, new Date());
    if (outcome) await storeVerification(params.dppId, version.version, outcome);
  }
  return result;
}
