import { createHash } from 'node:crypto';
import type { ConformityClaim, ConformityClaimInput } from '../dpps/conformity-claims';
import { type ErrorDetail, InvalidInputError } from '../errors';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** A base64url part of a compact JWS as a JSON object; undefined when it is not one. */
function decodePart(part: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What a credential's evidence check found: the issuer it states, or what is wrong with it. */
type Read = { issuer: string; issuerName?: string; payload: Json } | { problem: string };

/**
 * The conformity credential's header and payload, read, not verified: a compact JWS whose header
 * names a signing algorithm (never `none`) and, when it has a `typ`, `vc+jwt`; whose payload is a
 * UNTP DigitalConformityCredential (VC 2.0) with an issuer.
 */
function readCredential(jws: string): Read {
  const [headerPart = '', payloadPart = ''] = jws.split('.');
  const header = decodePart(headerPart);
  if (!header) return { problem: 'its header is not a base64url JSON object' };
  if (typeof header.alg !== 'string' || header.alg.toLowerCase() === 'none')
    return { problem: 'its header names no signing algorithm (alg)' };
  if (header.typ !== undefined && header.typ !== 'vc+jwt') return { problem: 'its header’s typ is not vc+jwt' };
  const payload = decodePart(payloadPart);
  if (!payload) return { problem: 'its payload is not a base64url JSON object' };
  const types = list(payload.type);
  if (!types.includes('DigitalConformityCredential') || !types.includes('VerifiableCredential'))
    return { problem: 'it is not a UNTP DigitalConformityCredential (its type)' };
  const issuer = payload.issuer;
  const issuerId = typeof issuer === 'string' ? issuer : isObject(issuer) ? issuer.id : undefined;
  if (typeof issuerId !== 'string' || issuerId === '') return { problem: 'it names no issuer' };
  const issuerName = isObject(issuer) && typeof issuer.name === 'string' ? issuer.name : undefined;
  return { issuer: issuerId, ...(issuerName && { issuerName }), payload };
}

/** The assessments of a conformity credential's subject(s). */
const assessmentsOf = (payload: Json): Json[] =>
  list(payload.credentialSubject)
    .filter(isObject)
    .flatMap((subject) => list(subject.assessment))
    .filter(isObject);

/** Whether an assessment is of the product `productId`: one of its `assessedProduct`s' `product.id`. */
const assesses = (assessment: Json, productId: string) =>
  list(assessment.assessedProduct).some(
    (assessed) => isObject(assessed) && isObject(assessed.product) && assessed.product.id === productId,
  );

/**
 * A claim's evidence checked against the claim and the product (docs/choices.md, Conformity claims):
 * the credential is read (not its signature: the assessor's DID is not resolved here) and must be a
 * DigitalConformityCredential with, for every criterion the claim names, an assessment of this product
 * (`assessedProduct[].product.id`, the product's id in the passport's credential), of the claim's
 * topic and conformance, that lists the criterion (`assessmentCriteria[].id`). Answers the stored
 * evidence (the issuer it states, the SHA-256 of the compact JWS); throws 400 INVALID_EVIDENCE naming
 * every problem of every claim otherwise.
 */
export function checkedClaims(
  claims: readonly ConformityClaimInput[],
  productId: string,
  newId: () => string,
): ConformityClaim[] {
  const problems: ErrorDetail[] = [];
  const checked = claims.map((claim, index): ConformityClaim | undefined => {
    const at = `claims.${index}.evidence.credential`;
    const read = readCredential(claim.evidence.credential);
    if ('problem' in read) {
      problems.push({ path: at, message: read.problem });
      return undefined;
    }
    const assessments = assessmentsOf(read.payload);
    const ofProduct = assessments.filter((assessment) => assesses(assessment, productId));
    if (ofProduct.length === 0) {
      problems.push({ path: at, message: `it assesses no product ${productId} (this passport’s product)` });
      return undefined;
    }
    const matching = ofProduct.filter(
      (assessment) => assessment.conformityTopic === claim.topic && assessment.conformance === claim.conformance,
    );
    claim.criteria.forEach((criterion, n) => {
      const confirmed = matching.some((assessment) =>
        list(assessment.assessmentCriteria).some((c) => isObject(c) && c.id === criterion.id),
      );
      if (!confirmed)
        problems.push({
          path: `claims.${index}.criteria.${n}.id`,
          message: `the evidence has no assessment of this product, topic ${claim.topic} and conformance ${claim.conformance} against this criterion`,
        });
    });
    const { evidence, ...stated } = claim;
    return {
      ...stated,
      id: newId(),
      evidence: {
        credential: evidence.credential,
        ...(evidence.url !== undefined && { url: evidence.url }),
        hash: createHash('sha256').update(evidence.credential, 'ascii').digest('hex'),
        issuer: read.issuer,
        ...(read.issuerName !== undefined && { issuer_name: read.issuerName }),
      },
    };
  });
  if (problems.length > 0)
    throw new InvalidInputError(
      'a claim’s evidence does not confirm it: each criterion must be assessed for this product in the attached conformity credential',
      'INVALID_EVIDENCE',
      problems,
    );
  return checked as ConformityClaim[];
}
