import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkedClaims } from '../../../lib/conformity-claims/evidence';
import type { ConformityClaimInput } from '../../../lib/dpps/conformity-claims';
import { DomainError } from '../../../lib/errors';
import { ASSESSOR, CRITERION, claimOf, conformityCredential } from '../../support/conformity';

const PRODUCT = 'https://dpp.unit/01/08012345000012/21/X1-000123';
const ids = () => 'urn:uuid:00000000-0000-4000-8000-000000000001';
const check = (claims: unknown[]) => checkedClaims(claims as ConformityClaimInput[], PRODUCT, ids);
/** The problems a refusal names, by path. */
function problems(claims: unknown[]): Record<string, string> {
  try {
    check(claims);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'invalid', code: 'INVALID_EVIDENCE' });
    return Object.fromEntries(((error as DomainError).details ?? []).map((d) => [d.path, d.message]));
  }
  throw new Error('the claims were accepted');
}

describe('checkedClaims', () => {
  it('keeps a claim whose conformity credential assesses this product against each criterion, with its issuer and hash', () => {
    const credential = conformityCredential(PRODUCT);
    const [claim] = check([claimOf(credential, { evidence: { credential, url: 'https://certifier.example/c/1' } })]);
    expect(claim).toEqual({
      id: ids(),
      topic: 'environment.emissions',
      conformance: true,
      criteria: [CRITERION],
      evidence: {
        credential,
        url: 'https://certifier.example/c/1',
        hash: createHash('sha256').update(credential).digest('hex'),
        issuer: ASSESSOR.id,
        issuer_name: ASSESSOR.name,
      },
    });
  });

  it('refuses a credential of another product, naming the claim’s credential', () => {
    expect(problems([claimOf(conformityCredential('https://dpp.unit/01/08012345000012/21/OTHER'))])).toEqual({
      'claims.0.evidence.credential': expect.stringContaining('assesses no product'),
    });
  });

  it('refuses a criterion the credential does not assess for the claim’s topic and conformance, naming the criterion', () => {
    const other = { id: 'https://criteria.example/other', name: 'Other' };
    const credential = conformityCredential(PRODUCT);
    expect(problems([claimOf(credential, { criteria: [CRITERION, other] })])).toEqual({
      'claims.0.criteria.1.id': expect.stringContaining('no assessment'),
    });
    expect(problems([claimOf(credential, { topic: 'environment.waste' })])).toHaveProperty(['claims.0.criteria.0.id']);
    expect(problems([claimOf(credential, { conformance: false })])).toHaveProperty(['claims.0.criteria.0.id']);
  });

  it('refuses what is not a DigitalConformityCredential as a signed vc+jwt, every claim’s problem at once', () => {
    const found = problems([
      claimOf(conformityCredential(PRODUCT, { type: ['DigitalProductPassport', 'VerifiableCredential'] })),
      claimOf(conformityCredential(PRODUCT, { header: { alg: 'none' } })),
      claimOf(conformityCredential(PRODUCT, { header: { alg: 'ES256', typ: 'JWT' } })),
      claimOf('bm90IGpzb24.bm90IGpzb24.c2ln'),
    ]);
    expect(found).toEqual({
      'claims.0.evidence.credential': expect.stringContaining('DigitalConformityCredential'),
      'claims.1.evidence.credential': expect.stringContaining('signing algorithm'),
      'claims.2.evidence.credential': expect.stringContaining('typ'),
      'claims.3.evidence.credential': expect.stringContaining('header'),
    });
  });
});
