/**
 * A stand-in for UNTP 0.6.1's DPP context (`https://test.uncefact.org/vocabulary/untp/dpp/0.6.1/`)
 * in the JSON-LD tests' document loader, written here (UNTP's artefacts are GPL-3.0 and stay out
 * of the repository): the terms a version's credential takes from it, defined as UNTP's context
 * defines them (protected, type-scoped under `ProductPassport`, `Product`, `IdentifierScheme`
 * and `CredentialIssuer`; `producedByParty` and `furtherInformation` with their own scoped
 * terms; `granularityLevel` a code of `granularityCode#`). Only those, and the two type-scoped
 * terms of UNTP's whose names the service's context also uses (`Criterion`'s `category`, under a
 * conformity claim, and `RenderTemplate2024`'s `url`), and a conformity claim's (`Claim`,
 * `Declaration`, `Criterion`, `Standard`, `Regulation` and `conformityEvidence` with their scoped
 * terms: PUT /dpps/{dppId}/conformity-claims): a term the credential took from UNTP's
 * context and this one lacks fails the tests, and a term the service's own context redefines
 * differently clashes with this one's protection, as it would with UNTP's.
 * Checked once against UNTP's real context (docs/choices.md, Verifiable credentials).
 */
const UNTP_CORE = 'https://test.uncefact.org/vocabulary/untp/core/0/';
const UNTP_DPP = 'https://test.uncefact.org/vocabulary/untp/dpp/0/';
const name = { '@id': 'https://schema.org/name' };
const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';
const linkTerms = {
  linkURL: { '@id': `${UNTP_CORE}linkURL`, '@type': XSD_STRING },
  linkName: { '@id': `${UNTP_CORE}linkName`, '@type': XSD_STRING },
  linkType: { '@id': `${UNTP_CORE}linkType`, '@type': XSD_STRING },
};
const party = {
  '@protected': true,
  name,
  registeredId: { '@id': `${UNTP_CORE}registeredId`, '@type': XSD_STRING },
  idScheme: { '@id': `${UNTP_CORE}idScheme`, '@type': '@id' },
};

const XSD_BOOLEAN = 'http://www.w3.org/2001/XMLSchema#boolean';
const description = { '@id': 'https://schema.org/description' };
/** A term whose values are codes of one of UNTP's code lists. */
const codes = (term: string, list: string) => ({
  '@id': `${UNTP_CORE}${term}`,
  '@type': '@vocab',
  '@context': { '@protected': true, '@vocab': list },
});
const conformityTopic = codes('conformityTopic', `${UNTP_CORE}conformityTopicCode#`);
/** A declaration's terms (a claim's, with its evidence besides), as UNTP's Claim and Declaration scope them. */
const declaration = {
  '@protected': true,
  description,
  referenceStandard: { '@id': `${UNTP_CORE}referenceStandard`, '@type': '@id' },
  referenceRegulation: { '@id': `${UNTP_CORE}referenceRegulation`, '@type': '@id' },
  assessmentCriteria: { '@id': `${UNTP_CORE}assessmentCriteria`, '@type': '@id' },
  conformance: { '@id': `${UNTP_CORE}conformance`, '@type': XSD_BOOLEAN },
  conformityTopic,
};
const conformityEvidence = {
  '@protected': true,
  '@id': `${UNTP_CORE}conformityEvidence`,
  '@context': {
    '@protected': true,
    ...linkTerms,
    hashDigest: { '@id': `${UNTP_CORE}hashDigest`, '@type': XSD_STRING },
    hashMethod: codes('hashMethod', `${UNTP_CORE}hashMethodCode#`),
  },
};

export const UNTP_DPP_CONTEXT_STAND_IN = {
  '@context': {
    '@protected': true,
    '@version': 1.1,
    DigitalProductPassport: { '@protected': true, '@id': `${UNTP_DPP}DigitalProductPassport` },
    IdentifierScheme: {
      '@protected': true,
      '@id': `${UNTP_CORE}IdentifierScheme`,
      '@context': { '@protected': true, name },
    },
    CredentialIssuer: {
      '@protected': true,
      '@id': `${UNTP_CORE}CredentialIssuer`,
      '@context': { '@protected': true, name },
    },
    Product: {
      '@protected': true,
      '@id': `${UNTP_CORE}Product`,
      '@context': {
        ...party,
        description: { '@id': 'https://schema.org/description' },
        furtherInformation: {
          '@protected': true,
          '@id': `${UNTP_CORE}furtherInformation`,
          '@context': { '@protected': true, ...linkTerms },
        },
        // UNTP 0.6.1 maps producedByParty to core's Party (sic), with the party's terms scoped.
        producedByParty: { '@id': `${UNTP_CORE}Party`, '@type': '@id', '@context': party },
        serialNumber: { '@id': `${UNTP_CORE}serialNumber`, '@type': XSD_STRING },
      },
    },
    Claim: { '@protected': true, '@id': `${UNTP_CORE}Claim`, '@context': { ...declaration, conformityEvidence } },
    Declaration: { '@protected': true, '@id': `${UNTP_CORE}Declaration`, '@context': declaration },
    Criterion: {
      '@protected': true,
      '@id': `${UNTP_CORE}Criterion`,
      '@context': {
        '@protected': true,
        name,
        description,
        conformityTopic,
        status: codes('status', `${UNTP_CORE}statusCode#`),
        category: { '@id': `${UNTP_CORE}category`, '@type': '@id' },
      },
    },
    Standard: {
      '@protected': true,
      '@id': `${UNTP_CORE}Standard`,
      '@context': {
        '@protected': true,
        name,
        // UNTP 0.6.1 maps a standard's issuing party and a regulation's administrator to core's Party (sic).
        issuingParty: { '@id': `${UNTP_CORE}Party`, '@type': '@id', '@context': party },
      },
    },
    Regulation: {
      '@protected': true,
      '@id': `${UNTP_CORE}Regulation`,
      '@context': {
        '@protected': true,
        name,
        administeredBy: { '@id': `${UNTP_CORE}Party`, '@type': '@id', '@context': party },
      },
    },
    RenderTemplate2024: {
      '@protected': true,
      '@id': `${UNTP_CORE}RenderTemplate2024`,
      '@context': {
        '@protected': true,
        name,
        url: { '@id': 'https://w3id.org/vc/render-method#url', '@type': XSD_STRING },
      },
    },
    ProductPassport: {
      '@protected': true,
      '@id': `${UNTP_DPP}ProductPassport`,
      '@context': {
        '@protected': true,
        product: { '@id': `${UNTP_CORE}product`, '@type': '@id' },
        conformityClaim: { '@id': `${UNTP_CORE}conformityClaim`, '@type': '@id' },
        granularityLevel: {
          '@id': `${UNTP_DPP}granularityLevel`,
          '@type': '@vocab',
          '@context': { '@protected': true, '@vocab': `${UNTP_DPP}granularityCode#` },
        },
      },
    },
  },
};
