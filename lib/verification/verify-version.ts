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
import {
  claimRefresh,
  holdLease,
  readNotarization,
  readStoredBytes,
  readWallet,
  storeVerification,
} from './repository';

const chainId = /* @__PURE__ */ required('EVM_CHAIN_ID');

/** The chain's node did not answer in time: a 503, unless a stored outcome can be served instead. */
class ChainUnavailableError extends UnavailableError {
  constructor() {
    super('The chain cannot be reached to verify the anchor; please retry shortly');
  }
}

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
    if (error instanceof RpcUnavailableError) throw new ChainUnavailableError();
    throw error;
  }
}

/**
 * How long a stored outcome is served as it is, without asking the chain (docs/behaviour.md,
 * Verification): an anchored transaction with its confirmations does not change in minutes, and
 * the checks of stored bytes are about objects written once. At most one chain round per version
 * per window, whatever the number of requests.
 */
export const FRESH_FOR_MS = 10 * 60_000;
/** How long one request holds the right to refresh a version's outcome: longer than a chain round (5 s) and two S3 reads. */
export const LEASE_MS = 15_000;
/** After the chain failed to answer, how long the stored outcome is served before the chain is asked again. */
export const CHAIN_RETRY_AFTER_MS = 60_000;
/** How long a request with no stored outcome to serve waits for the lease holder's, before a 503. */
export const WAIT_FOR_HOLDER_MS = 3_000;
const POLL_MS = 150;

/** What the route answers: the checks, and when they were made (a stored outcome is as old as this says). */
export interface VerificationAnswer extends Verification {
  checked_at: string;
}

/** The outcome to keep on the notarization: the verdict, what the chain showed, and every check (served again while fresh). */
export function outcomeToStore(
  result: Verification,
  seen: { transactionHash: string; chainId: string; chain?: AnchorOnChain },
  now: Date,
): StoredVerification {
  const block = seen.chain?.transaction?.blockNumber;
  return {
    valid: result.valid,
    ...(!result.valid && { failed_check: result.checks.find((check) => !check.ok)?.check }),
    checked_at: now.toISOString(),
    transaction_hash: seen.transactionHash,
    chain_id: seen.chainId,
    ...(block && {
      block_number: Number(BigInt(block)),
      confirmations: Number(defined(seen.chain, 'the chain of a mined block').latestBlock - BigInt(block) + 1n),
    }),
    checks: result.checks,
  };
}

/** A stored outcome that can be served: about this transaction, with its checks (an older one has only the verdict). */
const servable = (stored: StoredVerification | undefined, transactionHash: string): StoredVerification | undefined =>
  stored?.checks !== undefined && stored.transaction_hash === transactionHash ? stored : undefined;

const answerOf = (stored: StoredVerification): VerificationAnswer => ({
  valid: stored.valid,
  checks: stored.checks as Check[],
  checked_at: stored.checked_at,
});

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

/** The answer another request is computing (it holds the lease), once stored; a 503 if it is not there in time. */
async function storedByHolder(dppId: string, version: number, transactionHash: string): Promise<VerificationAnswer> {
  const deadline = Date.now() + WAIT_FOR_HOLDER_MS;
  while (Date.now() < deadline) {
    await new Promise((wake) => setTimeout(wake, POLL_MS));
    const stored = servable((await readNotarization(dppId, version))?.verification, transactionHash);
    if (stored) return answerOf(stored);
  }
  throw new UnavailableError('This version is being verified by another request; please retry shortly', 1);
}

/**
 * Checks a version's notarization from stored and on-chain data only, for anyone: the stored
 * document's bytes against the version's hash, the stored report against the signed hash, the
 * EIP-191 signature against the submitter, the submitter's wallet, and the anchoring
 * transaction on the configured chain (mined, confirmed, carrying both hashes, on the right
 * chain). A version never notarized is not valid, and the `notarization` check says what is
 * missing.
 *
 * Not an amplifier (docs/behaviour.md, Verification): for an ANCHORED notarization the outcome is
 * kept on it, and served as it is for FRESH_FOR_MS, with no S3 read and no JSON-RPC call. Once it
 * is older, one request per version (the one that wins a conditional write: claimRefresh) checks
 * again and stores the new outcome; the others serve the stored one meanwhile (or, when there is
 * none yet, wait up to WAIT_FOR_HOLDER_MS for it, then 503). A chain that cannot be reached is a
 * 503, never an invalid answer, unless an outcome is stored: then that one is served, its
 * `checked_at` saying how old it is, and the chain is not asked again for CHAIN_RETRY_AFTER_MS.
 */
export async function verifyVersion({
  params,
}: Pick<v.InferOutput<typeof getVersionDocumentInput>, 'params'>): Promise<VerificationAnswer> {
  const { version, dpp, notarization } = await readCredentialSource(params.dppId, params.version);
  if (!version || !dpp || !isPublished(dpp)) throw versionNotFound();
  const now = new Date();
  const checkNow = async () => {
    const checks: Check[] = [documentHashCheck(await readStoredBytes(version.document_path), version.content_hash)];
    if (!notarization) {
      checks.push(
        missing(
          'notarization',
          `version ${version.version} was never notarized: its company has not signed and anchored it`,
        ),
      );
      return { result: verification(checks) };
    }
    if (notarization.dpp_hash !== version.content_hash) {
      checks.push(
        missing('document_hash', `the notarization anchors ${notarization.dpp_hash}, not the version's hash`),
      );
    }
    const own = await notarizationChecks(notarization, version.signature, version.report_path);
    checks.push(...own.checks);
    return { result: verification(checks), chain: own.chain };
  };
  const transactionHash = notarization?.status === 'ANCHORED' ? notarization.transaction_hash : undefined;
  // Not anchored: the chain is not asked, and there is nothing to keep.
  if (!transactionHash) return { ...(await checkNow()).result, checked_at: now.toISOString() };

  const stored = servable(notarization?.verification, transactionHash);
  if (stored && now.getTime() - Date.parse(stored.checked_at) < FRESH_FOR_MS) return answerOf(stored);
  const claimed = await claimRefresh(
    params.dppId,
    version.version,
    transactionHash,
    now.getTime(),
    now.getTime() + LEASE_MS,
  );
  if (!claimed) return stored ? answerOf(stored) : storedByHolder(params.dppId, version.version, transactionHash);
  let checked: Awaited<ReturnType<typeof checkNow>>;
  try {
    checked = await checkNow();
  } catch (error) {
    if (!(error instanceof ChainUnavailableError) || !stored) throw error;
    await holdLease(params.dppId, version.version, transactionHash, Date.now() + CHAIN_RETRY_AFTER_MS);
    return answerOf(stored);
  }
  const outcome = outcomeToStore(checked.result, { transactionHash, chainId: chainId(), chain: checked.chain }, now);
  await storeVerification(params.dppId, version.version, outcome);
  return answerOf(outcome);
}
