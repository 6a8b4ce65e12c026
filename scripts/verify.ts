/**
 * `npm run verify -- <version uri> [--rpc <url>] [--chain-id <n>]`: checks a notarized version
 * without trusting the service: only its public URI and a JSON-RPC node of the chain. It
 *   1. fetches the version document (the URI) and hashes its bytes itself;
 *   2. fetches the version's credential (the URI with `Accept: application/vc+jwt`), resolves
 *      its issuer's did:web DID document over HTTP and verifies the JWS with the key its `kid`
 *      names;
 *   3. recovers the EIP-191 signer of the report hash the credential states, and compares it
 *      with the submitter;
 *   4. reads the anchoring transaction from the node: mined, confirmed, its input
 *      `0x<document hash><report hash>` with the hash of step 1, on the chain given (or the
 *      node's).
 * The report's bytes and the submitter's membership are not public: it says so and skips them.
 * Prints each check; exits 0 when every one passed, 1 otherwise, 2 on a usage error.
 *   npm run verify -- http://localhost:3000/dpp/<dppId>/versions/1 --rpc http://127.0.0.1:8545
 */
import { parseArgs } from 'node:util';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { statedProof } from '../lib/credentials/passport-credential';
import { rpcClient } from '../lib/evm/rpc';
import {
  type AnchorOnChain,
  anchorInputCheck,
  anchorTransactionCheck,
  type Check,
  chainIdCheck,
  documentHashCheck,
  sha256Hex,
  signatureCheck,
  verification,
} from '../lib/verification/checks';

const USAGE = 'usage: npm run verify -- <version uri> [--rpc <JSON-RPC url>] [--chain-id <expected chain id>]';

/** What the credential states of the version's proof (its evidence: lib/credentials/passport-credential.ts). */
type Subject = ReturnType<typeof statedProof>;

/** The did:web DID document's address: https, or the version URI's own scheme for a local http stack. */
function didDocumentUrl(did: string, uri: URL): string {
  const host = decodeURIComponent(did.slice('did:web:'.length).split(':')[0] ?? '');
  return `${uri.protocol === 'http:' ? 'http:' : 'https:'}//${host}/.well-known/did.json`;
}

/** The credential's payload, verified against its issuer's DID document; or a failed check. */
async function credentialOf(uri: URL): Promise<{ check: Check; subject?: Subject }> {
  const fail = (detail: string) => ({ check: { check: 'credential' as const, ok: false, detail } });
  const reply = await fetch(uri, { headers: { accept: 'application/vc+jwt' } });
  if (!reply.ok) return fail(`the service did not serve the credential (HTTP ${reply.status})`);
  const jwt = (await reply.text()).trim();
  const { kid, typ, alg } = decodeProtectedHeader(jwt);
  if (typ !== 'vc+jwt' || alg !== 'ES256' || !kid?.startsWith('did:web:')) {
    return fail(`not an ES256 vc+jwt credential with a did:web kid (typ ${typ}, alg ${alg})`);
  }
  const did = kid.split('#')[0] ?? '';
  const didReply = await fetch(didDocumentUrl(did, uri));
  if (!didReply.ok) return fail(`the DID document of ${did} could not be read (HTTP ${didReply.status})`);
  const document = (await didReply.json()) as {
    id: string;
    verificationMethod?: Array<{ id: string; publicKeyJwk: JWK }>;
    assertionMethod?: string[];
  };
  const method = document.verificationMethod?.find((m) => m.id === kid);
  if (document.id !== did || !method || !document.assertionMethod?.includes(kid)) {
    return fail(`the DID document of ${did} lists no assertion key ${kid}`);
  }
  let payload: { issuer?: { id?: string }; id?: string; evidence?: unknown };
  try {
    const verified = await compactVerify(jwt, await importJWK(method.publicKeyJwk, 'ES256'));
    payload = JSON.parse(new TextDecoder().decode(verified.payload));
  } catch (error) {
    return fail(`the credential's signature does not verify: ${(error as Error).message}`);
  }
  if (payload.issuer?.id !== did || payload.id !== uri.href) {
    return fail(`the credential is issued by ${payload.issuer?.id} for ${payload.id}, not by ${did} for ${uri.href}`);
  }
  return {
    check: { check: 'credential', ok: true, detail: `signed by ${did} with key ${kid.split('#')[1]}` },
    subject: statedProof(payload),
  };
}

async function anchorOnChain(rpc: string, hash: string): Promise<AnchorOnChain> {
  const call = rpcClient(rpc);
  const [transaction, latest, node] = await Promise.all([
    call<AnchorOnChain['transaction']>('eth_getTransactionByHash', [hash]),
    call<string>('eth_blockNumber'),
    call<string>('eth_chainId'),
  ]);
  return { transaction, latestBlock: BigInt(latest), nodeChainId: BigInt(node) };
}

export async function verifyOffline(uri: URL, rpc: string, chainId?: bigint): Promise<Check[]> {
  const checks: Check[] = [];
  const reply = await fetch(uri, { headers: { accept: 'application/json' } });
  const bytes = reply.ok ? Buffer.from(await reply.arrayBuffer()) : undefined;
  const credential = await credentialOf(uri);
  checks.push(credential.check);
  const subject = credential.subject;
  if (!bytes) {
    checks.push({
      check: 'document_hash',
      ok: false,
      detail: `the service did not serve the document (HTTP ${reply.status})`,
    });
  } else if (subject?.contentHash) {
    checks.push(documentHashCheck(bytes, subject.contentHash));
  }
  const notarization = subject?.notarization;
  if (!subject) return checks;
  if (!notarization) {
    checks.push({
      check: 'notarization',
      ok: false,
      detail: 'the credential states no notarization: the version was never notarized',
    });
    return checks;
  }
  checks.push(signatureCheck(notarization.signature, notarization.report_hash, notarization.submitter));
  const hash = subject.anchor?.transaction_hash;
  if (!hash) {
    checks.push({
      check: 'anchor_transaction',
      ok: false,
      detail: 'the credential names no anchoring transaction: not anchored yet',
    });
    return checks;
  }
  const chain = await anchorOnChain(rpc, hash);
  checks.push(
    anchorTransactionCheck(hash, chain),
    // The hash of the bytes fetched here, not the one the service states.
    anchorInputCheck(chain, bytes ? sha256Hex(bytes) : 'unavailable', notarization.report_hash),
    chainIdCheck(chain, chainId ?? chain.nodeChainId),
  );
  return checks;
}

async function main(): Promise<number> {
  let uri: URL;
  let rpc: string;
  let chainId: bigint | undefined;
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { rpc: { type: 'string', default: 'http://127.0.0.1:8545' }, 'chain-id': { type: 'string' } },
    });
    const [only] = positionals;
    if (positionals.length !== 1 || only === undefined) throw new Error('one version uri');
    uri = new URL(only);
    rpc = values.rpc;
    chainId = values['chain-id'] === undefined ? undefined : BigInt(values['chain-id']);
  } catch {
    console.error(USAGE);
    return 2;
  }
  const result = verification(await verifyOffline(uri, rpc, chainId));
  for (const { check, ok, detail } of result.checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${check}: ${detail}`);
  console.log('skip report_hash, submitter_wallet: the report and the company’s members are not public');
  console.log(result.valid ? 'VALID' : 'INVALID');
  return result.valid ? 0 : 1;
}

process.exitCode = await main();
