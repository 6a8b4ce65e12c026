import * as v from 'valibot';
import { getVersionDocumentInput } from '../../versions/get-version-document';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { tierDocument, versionDocument } from '../views';

export const getDppVersionDocumentRoute = defineRoute({
  method: 'GET',
  path: '/dpp/{dppId}/versions/{version}',
  fn: 'get-dpp-version-document',
  auth: 'public',
  // `update`: a read through an access grant writes its access-log entry (an UpdateItem).
  access: { table: 'update', bucket: ['get'], issuerKey: true, links: true },
  input: getVersionDocumentInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...unavailable,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getDppVersionDocumentDocs = /* @__PURE__ */ describeRoute(getDppVersionDocumentRoute, () => ({
  tag: 'DPP versions',
  summary: 'The canonical JSON document of a DPP version (what a version’s `uri` resolves to)',
  description:
    'Public, like `GET /dpp/{dppId}`: this is the address a version’s `uri` names. The body is the version’s ' +
    'canonical document exactly as stored: the JSON Canonicalization Scheme (RFC 8785) serialization of the ' +
    'DPP’s fields, files (id, name, description, type, path and the SHA-256 of their bytes) and tech cards as ' +
    'the version froze them, with `format`, `dpp_id`, `version`, `version_id` and `created_at`. Its SHA-256, ' +
    'over the body’s bytes as received, is the version’s content hash, the `dpp_hash` a notarization anchors on ' +
    'the chain; re-canonicalizing the parsed body gives the same bytes. The document never changes, so it may ' +
    'be cached for good.\n\n' +
    '`Accept: application/vc+jwt` answers the version as a W3C verifiable credential (VC Data Model 2.0 secured ' +
    'with JOSE) and UNTP 0.6.1 DigitalProductPassport: a compact JWS, ES256, header `typ` `vc+jwt`, `cty` `vc` and ' +
    'a `kid` naming its key in the issuer’s DID document (`GET /.well-known/did.json`). Its payload is the ' +
    'credential: `@context` the VC 2.0 context, UNTP’s DPP context and the service’s own (`GET /ns/dpp/v1`), ' +
    '`type` `DigitalProductPassport` and `VerifiableCredential`, `issuer` `{type, id, name}` with the service’s ' +
    '`did:web` as `id`, `validFrom` the version’s `created_at`, and a `credentialSubject` that is a UNTP ' +
    '`ProductPassport` (`id` the passport’s address `GET /dpp/{dppId}`, `granularityLevel` `item`) of its ' +
    '`product`: `id` the item’s GS1 Digital Link URI, `name`, `description`, the GTIN as `registeredId` in GS1’s ' +
    '`idScheme`, `serialNumber`, the company as `producedByParty`, the page and public files as ' +
    '`furtherInformation`, and the version’s data (cards, files, profile and public aspects, tier hashes) as ' +
    '`characteristics`. Its `evidence` is the canonical document as a UNTP `SecureLink` (`linkURL` the version’s ' +
    '`uri`, `hashDigest` its SHA-256, `hashMethod` `SHA-256`) and, once notarized, a `Notarization` (`reportHash`, ' +
    'the company’s `signature` and its `signer`), with its `anchor` (`transactionHash`, `blockHash`, ' +
    '`blockNumber`, `url`) once anchored. A superseded version’s credential stays valid: it says what that ' +
    'version was (docs/choices.md, Verifiable credentials).\n\n' +
    'A version with restricted parts (docs/choices.md, Access tiers) holds only its public parts here, and `tiers`: ' +
    'the SHA-256 of each restricted tier’s document (its parts of that tier and a random `salt`). An access grant’s ' +
    'value (`?access=` or the `x-dpp-access` header) answers the tier document of the grant’s tier instead, or of ' +
    'a lower one with `?tier=`; its SHA-256 is the one `tiers` names, so one anchored hash covers every tier. Such ' +
    'a read is logged and never cached.',
  response: v.union([versionDocument, tierDocument]),
  responseHeaders: {
    'cache-control':
      'The document is immutable: `public, max-age=31536000, immutable`. The credential: `public, max-age=86400` ' +
      'once the version is anchored, else `public, max-age=60, stale-while-revalidate=600` (its anchor may come)',
    vary: '`Accept, x-dpp-access`: the same address answers the document or the credential, the public or a grant’s tier',
  },
  answers: [
    {
      status: 200,
      contentType: 'application/vc+jwt',
      description: '`Accept: application/vc+jwt`: the version as a verifiable credential (a compact JWS)',
    },
  ],
  errors: {
    invalid: invalid('`dppId` is malformed, or `version` is not a whole number from 1 (no leading zeros)'),
    not_found:
      'No such version of this DPP, or no published DPP with this id (`VERSION_NOT_FOUND`; an unpublished one answers alike)',
  },
  // Public: the canonical document of the passport's version 1, which the seed creates (demo-data.json, versions).
  example: {
    params: { dppId: DPP, version: '1' },
    status: 200,
  },
}));
