import type { ConformityClaim } from '../dpps/conformity-claims';
import { identifiersOf } from '../dpps/link';
import { digitalLinkUri, dppContextUrl, dppJsonUrl, passportPageUrl, publicFileUrl, versionUri } from '../links';
import type { NotarizationItem } from '../notarizations/model';
import type { VersionDocument } from '../versions/model';

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
/** UNTP's DigitalProductPassport context of the release the credential follows (UNTP 0.6.1, the current one). */
export const UNTP_DPP_CONTEXT = 'https://test.uncefact.org/vocabulary/untp/dpp/0.6.1/';
/** The issuer's name: the service, whose did:web signs every credential (the company is the product's producer). */
export const ISSUER_NAME = 'Digital Product Passport service';
/** GS1's GTIN as a UNTP identifier scheme: a product's `registeredId` is its GTIN-14. */
export const GTIN_SCHEME = {
  type: ['IdentifierScheme'],
  id: 'https://id.gs1.org/01/',
  name: 'Global Trade Item Number (GTIN)',
} as const;
/** The GS1 link type of the passport page (gs1:pip), the product's web page. */
const GS1_PIP = 'https://gs1.org/voc/pip';

/**
 * The product's id in a passport's credential (and what a conformity credential's assessment must
 * name, lib/conformity-claims/evidence.ts): the item's GS1 Digital Link URI; a DPP whose identifiers
 * are no GS1 item (none in the demo) is named by its passport page.
 */
export function productIdOf(dppId: string, searchId: string | undefined): string {
  const ids = identifiersOf(searchId);
  return ids ? digitalLinkUri(ids.gtin, ids.serial) : passportPageUrl(dppId);
}

export interface CredentialFacts {
  /** The version's public canonical document, parsed (its bytes checked against `contentHash`). */
  document: VersionDocument;
  contentHash: string;
  issuer: string;
  /** The company's name as the DPP item holds it, when it does. */
  producer?: string;
  /** The version's notarization and the signature the company made, when it was notarized. */
  notarization?: Pick<
    NotarizationItem,
    'report_hash' | 'submitter' | 'status' | 'transaction_hash' | 'block_hash' | 'block_number' | 'url'
  >;
  signature?: string;
}

const nonEmpty = <K extends string>(key: K, value: string | undefined) =>
  (value ? { [key]: value } : {}) as Partial<Record<K, string>>;

/** A company's id as an IRI (UNTP wants a party's `id` a URI): `urn:uuid:` when it is a UUID, as the service's are. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const partyId = (id: string) => (UUID.test(id) ? `urn:uuid:${id.toLowerCase()}` : undefined);

/** The anchoring transaction, once mined (`ANCHORED`). */
function anchorOf(notarization: CredentialFacts['notarization']) {
  if (notarization?.status !== 'ANCHORED' || !notarization.transaction_hash) return undefined;
  return {
    type: ['AnchorTransaction'],
    transactionHash: notarization.transaction_hash,
    ...nonEmpty('blockHash', notarization.block_hash),
    ...(notarization.block_number !== undefined && { blockNumber: notarization.block_number }),
    ...nonEmpty('url', notarization.url),
  };
}

/**
 * The version's data as the product's UNTP `characteristics` (UNTP's extension point for what a
 * sector adds), in the service's own terms (GET /ns/dpp/v1): the passport's type, code, model and
 * template, its language and dates, its tech cards with their characteristics, its files (public
 * address, media type, SHA-256 of the bytes the version froze), a profile's category and public
 * aspects (`@json`: the profile says their shape), and the hashes of the restricted tiers' documents.
 */
function characteristicsOf(document: VersionDocument) {
  const { dpp } = document;
  return {
    type: ['Characteristics'],
    passportVersion: document.version,
    versionId: document.version_id,
    productType: dpp.type,
    ...nonEmpty('productCode', dpp.code),
    ...nonEmpty('modelId', dpp.model_id),
    ...nonEmpty('templateId', dpp.template_id),
    inLanguage: dpp.language,
    dateCreated: dpp.created_at,
    dateModified: dpp.updated_at,
    techCards: document.cards.map((card) => ({
      type: ['TechCard'],
      identifier: card.id,
      name: card.name,
      description: card.description,
      characteristic: card.characteristics.map(({ id, characteristic }) => ({
        identifier: id,
        description: characteristic,
      })),
    })),
    files: document.files.map((file) => ({
      type: ['PassportFile'],
      identifier: file.id,
      name: file.name,
      description: file.description,
      encodingFormat: file.type,
      url: publicFileUrl(document.dpp_id, file.id),
      sha256: file.hash,
    })),
    ...(document.profiled && {
      profile: document.profiled.profile,
      ...nonEmpty('category', document.profiled.category),
      aspects: document.profiled.aspects,
    }),
    ...(document.tiers && { tierDigests: document.tiers }),
  };
}

/** UNTP's link type of a Digital Conformity Credential (a claim's evidence). */
export const DCC_LINK_TYPE = 'https://test.uncefact.org/vocabulary/linkTypes/dcc';

/**
 * The company's conformity claims as UNTP `conformityClaim`s (UNTP 0.6.1 `Claim`): topic,
 * conformance, the criteria (each a `Criterion` of the claim's topic; its description the company's,
 * or its name; `status` `active`, as the company claims against it), the reference standard and
 * regulation, and as `conformityEvidence` a `SecureLink` to the assessor's conformity credential:
 * where the assessor publishes it when the company said, otherwise the credential itself as a
 * `data:application/vc+jwt,` URL; its hash the SHA-256 of the compact JWS.
 */
export function conformityClaimsOf(claims: readonly ConformityClaim[]) {
  return claims.map((claim) => ({
    type: ['Claim', 'Declaration'],
    id: claim.id,
    ...nonEmpty('description', claim.description),
    conformityTopic: claim.topic,
    conformance: claim.conformance,
    assessmentCriteria: claim.criteria.map((criterion) => ({
      type: ['Criterion'],
      id: criterion.id,
      name: criterion.name,
      description: criterion.description ?? criterion.name,
      conformityTopic: claim.topic,
      status: 'active',
    })),
    ...(claim.reference_standard && {
      referenceStandard: {
        type: ['Standard'],
        id: claim.reference_standard.id,
        name: claim.reference_standard.name,
        issuingParty: claim.reference_standard.issuing_party,
      },
    }),
    ...(claim.reference_regulation && {
      referenceRegulation: {
        type: ['Regulation'],
        id: claim.reference_regulation.id,
        name: claim.reference_regulation.name,
        administeredBy: claim.reference_regulation.administered_by,
      },
    }),
    conformityEvidence: {
      type: ['SecureLink', 'Link'],
      linkURL: claim.evidence.url ?? `data:application/vc+jwt,${claim.evidence.credential}`,
      linkName: `Conformity credential of ${claim.evidence.issuer_name ?? claim.evidence.issuer}`,
      linkType: DCC_LINK_TYPE,
      hashDigest: claim.evidence.hash,
      hashMethod: 'SHA-256',
    },
  }));
}

/**
 * A version as a UNTP DigitalProductPassport (UNTP 0.6.1) and W3C verifiable credential (VC 2.0):
 * the issuer an object (the service's did:web and name); the subject a UNTP `ProductPassport`
 * (`id` the passport's address) of its `product` (`id` the item's GS1 Digital Link URI, GTIN as
 * `registeredId` in GS1's scheme, `serialNumber`, name, description, producer, the page and files
 * as `furtherInformation`, the version's data as `characteristics`) at `item` granularity, with the
 * company's conformity claims when the version has some (conformityClaimsOf); and
 * as `evidence` the version's canonical document as a UNTP `SecureLink` (its SHA-256, the hash a
 * notarization anchors) and, once notarized, the notarization (the company's EIP-191 signature
 * of its report hash, so anyone recovers the signer) with its anchoring transaction once mined.
 * Every term is defined by the VC 2.0 context, UNTP's DPP context or the service's own (GET
 * /ns/dpp/v1). docs/choices.md, Verifiable credentials.
 */
export function passportCredential(facts: CredentialFacts) {
  const { document, notarization } = facts;
  const { dpp } = document;
  const uri = versionUri(document.dpp_id, document.version);
  const ids = identifiersOf(dpp.search_id);
  const anchor = anchorOf(notarization);
  const files = document.files.map((file) => ({
    linkURL: publicFileUrl(document.dpp_id, file.id),
    linkName: file.name,
  }));
  return {
    '@context': [VC_V2_CONTEXT, UNTP_DPP_CONTEXT, dppContextUrl()],
    type: ['DigitalProductPassport', 'VerifiableCredential'],
    id: uri,
    issuer: { type: ['CredentialIssuer'], id: facts.issuer, name: ISSUER_NAME },
    validFrom: document.created_at,
    credentialSubject: {
      type: ['ProductPassport'],
      id: dppJsonUrl(document.dpp_id),
      product: {
        type: ['Product'],
        id: productIdOf(document.dpp_id, dpp.search_id),
        name: dpp.name,
        description: dpp.description,
        ...(ids && { registeredId: ids.gtin, idScheme: GTIN_SCHEME, serialNumber: ids.serial }),
        ...(facts.producer &&
          partyId(dpp.company_id) && { producedByParty: { id: partyId(dpp.company_id), name: facts.producer } }),
        furtherInformation: [
          { linkURL: passportPageUrl(document.dpp_id), linkName: `${dpp.name}: product passport`, linkType: GS1_PIP },
          ...files,
        ],
        characteristics: characteristicsOf(document),
      },
      granularityLevel: 'item',
      ...(document.conformity_claims && { conformityClaim: conformityClaimsOf(document.conformity_claims) }),
    },
    evidence: [
      {
        type: ['SecureLink', 'Link'],
        linkURL: uri,
        linkName: `${dpp.name}: passport version ${document.version} (canonical document)`,
        hashDigest: facts.contentHash,
        hashMethod: 'SHA-256',
      },
      ...(notarization && facts.signature
        ? [
            {
              type: ['Notarization'],
              reportHash: notarization.report_hash,
              signature: facts.signature,
              signer: notarization.submitter,
              ...(anchor && { anchor }),
            },
          ]
        : []),
    ],
  };
}

export type PassportCredential = ReturnType<typeof passportCredential>;

/**
 * What a credential states of its version's proof, read back from its evidence (npm run verify):
 * the document's hash, and the notarization with its anchoring transaction when it has them.
 */
export function statedProof(credential: { evidence?: unknown }): {
  contentHash?: string;
  notarization?: { report_hash: string; signature: string; submitter: string };
  anchor?: { transaction_hash: string };
} {
  const evidence = (Array.isArray(credential.evidence) ? credential.evidence : []) as Array<Record<string, unknown>>;
  const typed = (type: string) => evidence.find((e) => Array.isArray(e.type) && e.type.includes(type));
  const link = typed('SecureLink');
  const notarized = typed('Notarization');
  const anchor = notarized?.anchor as { transactionHash?: unknown } | undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    ...(typeof link?.hashDigest === 'string' && { contentHash: link.hashDigest }),
    ...(notarized && {
      notarization: {
        report_hash: text(notarized.reportHash),
        signature: text(notarized.signature),
        submitter: text(notarized.signer),
      },
    }),
    ...(typeof anchor?.transactionHash === 'string' && { anchor: { transaction_hash: anchor.transactionHash } }),
  };
}
