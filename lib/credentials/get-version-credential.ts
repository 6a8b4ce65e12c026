import { sign } from 'node:crypto';
import type * as v from 'valibot';
import { isPublished } from '../dpps/model';
import { issuerDid } from '../links';
import { readCheckedVersionDocument } from '../versions/document';
import { type getVersionDocumentInput, versionNotFound } from '../versions/get-version-document';
import type { VersionDocument } from '../versions/model';
import { verificationMethodId } from './did-document';
import { issuerKeys } from './issuer-key';
import { passportCredential } from './passport-credential';
import { readCredentialSource } from './repository';

/** The media type of a credential secured with JOSE (W3C VC-JOSE-COSE): a compact JWS. */
export const VC_JWT_TYPE = 'application/vc+jwt';

export interface VersionCredential {
  /** The compact JWS (`header.payload.signature`). */
  jwt: string;
  /** Whether the version is anchored: the credential then says all it will ever say. */
  anchored: boolean;
}

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/**
 * A version as a UNTP DigitalProductPassport and W3C verifiable credential (VC Data Model 2.0,
 * secured with JOSE: VC-JOSE-COSE), signed ES256 by the service's issuer key (docs/choices.md,
 * Verifiable credentials). The payload is the credential itself (lib/credentials/passport-credential.ts),
 * built from the version's public document (parsed from the stored bytes, checked against their
 * hash first), the DPP's producer and the version's notarization. The header's `kid` is the DID
 * URL of the key in the issuer's DID document (`/.well-known/did.json`). A superseded version's
 * credential stays valid: it says what that version was, not that it is the current one.
 */
export async function getVersionCredential({
  params,
}: v.InferOutput<typeof getVersionDocumentInput>): Promise<VersionCredential> {
  const { version, dpp, notarization } = await readCredentialSource(params.dppId, params.version);
  if (!version || !dpp || !isPublished(dpp)) throw versionNotFound();
  const document = JSON.parse(await readCheckedVersionDocument(version)) as VersionDocument;
  const did = issuerDid();
  const credential = passportCredential({
    document,
    contentHash: version.content_hash,
    issuer: did,
    ...(dpp.company_name && { producer: dpp.company_name }),
    ...(notarization && { notarization }),
    ...(version.signature && { signature: version.signature }),
  });
  const { current } = await issuerKeys();
  const header = { alg: 'ES256', typ: 'vc+jwt', cty: 'vc', kid: verificationMethodId(did, current.kid) };
  const input = `${base64url(header)}.${base64url(credential)}`;
  // JWS ES256 is the raw r || s (IEEE P1363), not DER.
  const signature = sign('sha256', Buffer.from(input, 'ascii'), { key: current.key, dsaEncoding: 'ieee-p1363' });
  const anchored = notarization?.status === 'ANCHORED' && Boolean(notarization.transaction_hash);
  return { jwt: `${input}.${signature.toString('base64url')}`, anchored };
}
