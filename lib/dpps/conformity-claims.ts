import * as v from 'valibot';
import { id, singleLineText } from '../schemas';

/**
 * A passport's conformity claims (docs/behaviour.md, Conformity claims): what its company states the
 * product conforms to, each claim with the criteria it names and, as its evidence, the conformity
 * credential an assessor issued (a UNTP DigitalConformityCredential, vc+jwt). The service never
 * makes a claim: it stores the company's, checks each credential names this product and the claimed
 * criteria, and puts them in each new version's document and credential as UNTP `conformityClaim`s.
 */

/** UNTP 0.6.1's conformity topics (its `conformityTopicCode` list). */
export const CONFORMITY_TOPICS = [
  'environment.energy',
  'environment.emissions',
  'environment.water',
  'environment.waste',
  'environment.deforestation',
  'environment.biodiversity',
  'circularity.content',
  'circularity.design',
  'social.labour',
  'social.rights',
  'social.community',
  'social.safety',
  'governance.ethics',
  'governance.compliance',
  'governance.transparency',
] as const;
export type ConformityTopic = (typeof CONFORMITY_TOPICS)[number];

/** At most this many claims on a passport, and this many criteria a claim. */
export const MAX_CONFORMITY_CLAIMS = 10;
export const MAX_CLAIM_CRITERIA = 20;
/** A conformity credential (compact JWS) of at most this many characters: claims fit the DPP item. */
export const MAX_EVIDENCE_CREDENTIAL_CHARS = 16 * 1024;

/** An absolute URI (UNTP's `format: uri`): a scheme, then anything but spaces. */
const uri = v.pipe(
  v.string(),
  v.maxLength(2000),
  v.regex(/^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/, 'must be an absolute URI (https://…, urn:…)'),
);
const text = singleLineText(200);
const longText = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(2000));
/** A compact JWS (`header.payload.signature`, base64url): the vc+jwt form of a credential. */
const compactJws = v.pipe(
  v.string(),
  v.maxLength(MAX_EVIDENCE_CREDENTIAL_CHARS),
  v.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'must be a credential as a compact JWS (vc+jwt)'),
);
const party = v.strictObject({ id: uri, name: text }, 'is not a field of a party (id, name)');

export const criterionInput = v.strictObject(
  { id: uri, name: text, description: v.optional(longText) },
  'is not a field of a criterion (id, name, description)',
);

export const conformityClaimInput = v.strictObject(
  {
    topic: v.picklist(CONFORMITY_TOPICS, `must be a UNTP conformity topic (${CONFORMITY_TOPICS.join(', ')})`),
    conformance: v.boolean(),
    description: v.optional(longText),
    criteria: v.pipe(
      v.array(criterionInput),
      v.minLength(1, 'must name at least one criterion'),
      v.maxLength(MAX_CLAIM_CRITERIA),
    ),
    reference_standard: v.optional(
      v.strictObject(
        { id: uri, name: text, issuing_party: party },
        'is not a field of a standard (id, name, issuing_party)',
      ),
    ),
    reference_regulation: v.optional(
      v.strictObject(
        { id: uri, name: text, administered_by: party },
        'is not a field of a regulation (id, name, administered_by)',
      ),
    ),
    evidence: v.strictObject(
      { credential: compactJws, url: v.optional(uri) },
      'is not a field of the evidence (credential, url)',
    ),
  },
  'is not a field of a conformity claim (topic, conformance, description, criteria, reference_standard, reference_regulation, evidence)',
);

export const putConformityClaimsInput = v.object({
  params: v.object({ dppId: id }),
  body: v.strictObject(
    { claims: v.pipe(v.array(conformityClaimInput), v.maxLength(MAX_CONFORMITY_CLAIMS)) },
    'is not a field of the conformity claims (claims)',
  ),
});

export const getConformityClaimsInput = v.object({ params: v.object({ dppId: id }) });

export type ConformityClaimInput = v.InferOutput<typeof conformityClaimInput>;

/**
 * A claim as stored on the DPP item (`conformity_claims`) and frozen in a version's document: the
 * company's claim, an id the service gave it, and its evidence with what the service read of the
 * credential: its issuer (the assessor) and the SHA-256 of its compact JWS.
 */
export interface ConformityClaim extends Omit<ConformityClaimInput, 'evidence'> {
  /** `urn:uuid:…`, given when the claim was stored. */
  id: string;
  evidence: {
    /** The assessor's DigitalConformityCredential, the compact JWS as sent. */
    credential: string;
    /** Where the assessor publishes it, when the company gave it. */
    url?: string;
    /** Hex SHA-256 of the compact JWS's bytes. */
    hash: string;
    /** The credential's issuer (its `issuer.id` or `issuer`) and name, as it states them. */
    issuer: string;
    issuer_name?: string;
  };
}
