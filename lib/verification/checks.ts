import { createHash } from 'node:crypto';
import { hexToBytes } from '@noble/hashes/utils.js';
import { recoverPersonalSignAddress, SignatureError } from '../evm/personal-sign';

/**
 * The checks of a notarized version, as pure functions of what they compare: the service's
 * verification route (verify-version.ts) feeds them stored and on-chain data, the offline
 * verifier (scripts/verify.ts) what it fetched itself. Each names itself and says in plain words
 * what it found.
 */
export const CHECK_NAMES = [
  'credential',
  'document_hash',
  'notarization',
  'report_hash',
  'signature',
  'submitter_wallet',
  'anchor_transaction',
  'anchor_input',
  'chain_id',
] as const;

/** `credential` is the offline verifier's alone: the service does not check its own signature. */
export type CheckName = (typeof CHECK_NAMES)[number];

export interface Check {
  check: CheckName;
  ok: boolean;
  detail: string;
}

export interface Verification {
  valid: boolean;
  checks: Check[];
}

/** Anchored only once mined and this deep: the anchor is final enough to rely on. */
export const MIN_CONFIRMATIONS = 1;

export const sha256Hex = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

export const verification = (checks: Check[]): Verification => ({
  valid: checks.length > 0 && checks.every((check) => check.ok),
  checks,
});

/** The document's bytes hash to the content hash the notarization anchors. */
export function documentHashCheck(bytes: Buffer | undefined, expected: string): Check {
  if (bytes === undefined) return { check: 'document_hash', ok: false, detail: 'the version document is missing' };
  const actual = sha256Hex(bytes);
  return actual === expected.toLowerCase()
    ? { check: 'document_hash', ok: true, detail: `the document's SHA-256 is ${actual}, the version's hash` }
    : {
        check: 'document_hash',
        ok: false,
        detail: `the document's SHA-256 is ${actual}, not the version's hash ${expected}: the document was changed`,
      };
}

/** The report's bytes hash to what the submitter signed. */
export function reportHashCheck(bytes: Buffer | undefined, signed: string): Check {
  if (bytes === undefined) return { check: 'report_hash', ok: false, detail: 'the notarization report is missing' };
  const actual = sha256Hex(bytes);
  return actual === signed.toLowerCase()
    ? { check: 'report_hash', ok: true, detail: `the report's SHA-256 is ${actual}, the signed hash` }
    : { check: 'report_hash', ok: false, detail: `the report's SHA-256 is ${actual}, not the signed hash ${signed}` };
}

/** The EIP-191 signature (personal_sign of the report hash's 32 bytes) recovers the submitter. */
export function signatureCheck(signature: string, reportHash: string, submitter: string): Check {
  try {
    const signer = recoverPersonalSignAddress(signature, hexToBytes(reportHash));
    return signer.toLowerCase() === submitter.toLowerCase()
      ? { check: 'signature', ok: true, detail: `the signature over the report hash recovers the submitter ${signer}` }
      : { check: 'signature', ok: false, detail: `the signature recovers ${signer}, not the submitter ${submitter}` };
  } catch (error) {
    if (!(error instanceof SignatureError)) throw error;
    return { check: 'signature', ok: false, detail: `the signature is not valid: ${error.message}` };
  }
}

/** What the anchoring transaction is, as a JSON-RPC node answers it. */
export interface AnchorOnChain {
  /** Null: the node knows no such transaction. */
  transaction: { input: string; blockNumber: string | null; chainId?: string | null } | null;
  latestBlock: bigint;
  nodeChainId: bigint;
}

/** The transaction exists on the chain, mined, with enough confirmations. */
export function anchorTransactionCheck(hash: string, chain: AnchorOnChain): Check {
  const tx = chain.transaction;
  if (tx === null) {
    return { check: 'anchor_transaction', ok: false, detail: `the chain has no transaction ${hash}` };
  }
  if (tx.blockNumber === null) {
    return { check: 'anchor_transaction', ok: false, detail: `transaction ${hash} is not mined yet` };
  }
  const confirmations = chain.latestBlock - BigInt(tx.blockNumber) + 1n;
  return {
    check: 'anchor_transaction',
    ok: confirmations >= BigInt(MIN_CONFIRMATIONS),
    detail: `transaction ${hash} is in block ${BigInt(tx.blockNumber)}, ${confirmations} confirmation(s) (at least ${MIN_CONFIRMATIONS} required)`,
  };
}

/** The transaction's input is `0x<document hash><report hash>`: it anchors this version and this report. */
export function anchorInputCheck(chain: AnchorOnChain, documentHash: string, reportHash: string): Check {
  const input = chain.transaction?.input.toLowerCase();
  const expected = `0x${documentHash}${reportHash}`.toLowerCase();
  if (input === undefined) return { check: 'anchor_input', ok: false, detail: 'no transaction to read' };
  return input === expected
    ? { check: 'anchor_input', ok: true, detail: 'the transaction carries the document hash and the report hash' }
    : {
        check: 'anchor_input',
        ok: false,
        detail: `the transaction's input is ${input.slice(0, 140)}, not 0x<document hash><report hash>`,
      };
}

/** The node is the expected chain, and the transaction says so too (EIP-155 / EIP-1559 chain id). */
export function chainIdCheck(chain: AnchorOnChain, expected: bigint): Check {
  const txChain = chain.transaction?.chainId;
  if (chain.nodeChainId !== expected) {
    return { check: 'chain_id', ok: false, detail: `the node is chain ${chain.nodeChainId}, not chain ${expected}` };
  }
  if (txChain !== undefined && txChain !== null && BigInt(txChain) !== expected) {
    return { check: 'chain_id', ok: false, detail: `the transaction is for chain ${BigInt(txChain)}, not ${expected}` };
  }
  return { check: 'chain_id', ok: true, detail: `chain ${expected}` };
}
