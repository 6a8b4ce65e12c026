import { sign } from 'node:crypto';
import type * as v from 'valibot';
import { isPublished } from '../dpps/model';
import { issuerDid, versionUri } from '../links';
import type { NotarizationItem } from '../notarizations/model';
import { readCheckedVersionDocument } from '../versions/document';
import { type getVersionDocumentInput, versionNotFound } from '../versions/get-version-document';
import { verificationMethodId } from './did-document';
import { issuerKeys } from './issuer-key';
import { readCredentialSource } from './repository';

/** The media type of a credential secured with JOSE (W3C VC-JOSE-COSE): a compact JWS. */
export const VC_JWT_TYPE = 'application/vc+jwt';
export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
/** The UN Transparency Protocol's DPP context (the release this credential's shape follows). */
export const UNTP_DPP_CONTEXT = 'https://test.uncefact.org/vocabulary/untp/dpp/0.6.0/';

/** The chain transaction that anchors a version's hash, once it is mined. */
const anchorOf = (notarization: NotarizationItem | undefined) =>
  notarization?.status === 'ANCHORED' && notarization.transaction_hash
    ? {
        transaction_hash: notarization.transaction_hash,
        block_hash: notarization.block_hash ?? '',
        block_number: notarization.block_number ?? 0,
        url: notarization.url ?? '',
      }
    : undefined;

export interface VersionCredential {
  /** The compact JWS (`header.payload.signature`). */
  jwt: string;
  /** Whether the version is anchored: the credential then says all it will ever say. */
  anchored: boolean;
}

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/**
 * A version as a W3C verifiable credential (VC Data Model 2.0, secured with JOSE: VC-JOSE-COSE),
 * signed ES256 by the service's issuer key (docs/choices.md, Verifiable credentials). The
 * payload is the credential itself: its `credentialSubject` holds the version's document
 * (parsed from the stored bytes, checked against their hash first), that hash, and the anchoring
 * transaction once the version is anchored. The header's `kid` is the DID URL of the key in
 * the issuer's DID document (`/.well-known/did.json`). A superseded version's credential stays
 * valid: it says what that version was, not that it is the current one.
 */
export async function getVersionCredential({
  params,
}: v.InferOutput<typeof getVersionDocumentInput>): Promise<VersionCredential> {
  const { version, dpp, notarization } = await readCredentialSource(params.dppId, params.version);
  if (!version || !dpp || !isPublished(dpp)) throw versionNotFound();
  const document: unknown = JSON.parse(await readCheckedVersionDocument(version));
  const anchor = anchorOf(notarization);
  const uri = versionUri(version.dpp_id, version.version);
  const did = issuerDid();
  const credential = {
    '@context': [VC_V2_CONTEXT, UNTP_DPP_CONTEXT],
    id: uri,
    type: ['VerifiableCredential', 'DigitalProductPassport'],
    issuer: did,
    validFrom: version.created_at,
    credentialSubject: {
      id: uri,
      version: version.version,
      document,
      content_hash: version.content_hash,
      // What the company signed (EIP-191 over the report hash), so anyone can recover the signer.
      ...(notarization && version.signature
        ? {
            notarization: {
              report_hash: notarization.report_hash,
              signature: version.signature,
              submitter: notarization.submitter,
            },
          }
        : {}),
      ...(anchor ? { anchor } : {}),
    },
  };
  const { current } = await issuerKeys();
  const header = { alg: 'ES256', typ: 'vc+jwt', cty: 'vc', kid: verificationMethodId(did, current.kid) };
  const input = `${base64url(header)}.${base64url(credential)}`;
  // JWS ES256 is the raw r || s (IEEE P1363), not DER.
  const signature = sign('sha256', Buffer.from(input, 'ascii'), { key: current.key, dsaEncoding: 'ieee-p1363' });
  return { jwt: `${input}.${signature.toString('base64url')}`, anchored: anchor !== undefined };
}
