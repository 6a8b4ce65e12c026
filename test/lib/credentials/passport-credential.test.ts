import { describe, expect, it } from 'vitest';
import { dppContext } from '../../../lib/credentials/context';
import {
  type CredentialFacts,
  DCC_LINK_TYPE,
  passportCredential,
  statedProof,
  UNTP_DPP_CONTEXT,
  VC_V2_CONTEXT,
} from '../../../lib/credentials/passport-credential';
import { GRANULARITY_CODES, HASH_METHOD_CODES, UNTP_CORE, UNTP_DPP } from '../../../lib/credentials/untp';
import type { ConformityClaim } from '../../../lib/dpps/conformity-claims';
import { dppContextUrl } from '../../../lib/links';
import type { VersionDocument } from '../../../lib/versions/model';
import { documentLoader, toQuads, vocabularyOf } from '../../support/json-ld';

/** A version's credential as UNTP 0.6.1 and VC 2.0 want it (lib/credentials/passport-credential.ts). */
const DPP_ID = '0190a5e2-7b1c-7000-8000-000000000001';
const document: VersionDocument = {
  format: 'dpp-version/1',
  dpp_id: DPP_ID,
  version: 2,
  version_id: '0190a5e2-7b1c-7000-8000-0000000000f2',
  created_at: '2026-01-02T03:04:05.678Z',
  dpp: {
    id: DPP_ID,
    company_id: '0190a5e2-7b1c-7000-8000-00000000000c',
    model_id: '0190a5e2-7b1c-7000-8000-0000000000d0',
    template_id: '',
    code: '08012345000012',
    search_id: '01/08012345000012/21/X1-000123',
    name: 'Bike',
    description: 'A bike',
    type: 'bicycle',
    language: 'en',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
  },
  files: [
    {
      id: 'f-1',
      name: 'manual.pdf',
      description: 'Manual',
      type: 'application/pdf',
      path: 'p/f-1',
      hash: 'ab'.repeat(32),
    },
  ],
  cards: [
    {
      id: 'c-1',
      name: 'Frame',
      description: 'The frame',
      characteristics: [{ id: 'k-1', characteristic: 'Aluminium' }],
    },
  ],
  profiled: { profile: 'battery-passport', category: 'ev', aspects: { general: { 'any key': [1, { a: null }] } } },
  tiers: { authority: 'cd'.repeat(32) },
};
const anchored: NonNullable<CredentialFacts['notarization']> = {
  report_hash: `0x${'11'.repeat(32)}`,
  submitter: '0x00000000000000000000000000000000000000aa',
  status: 'ANCHORED',
  transaction_hash: `0x${'22'.repeat(32)}`,
  block_hash: `0x${'33'.repeat(32)}`,
  block_number: 42,
  url: 'https://explorer.example/tx/1',
};
const facts = (more: Partial<CredentialFacts> = {}): CredentialFacts => ({
  document,
  contentHash: 'ee'.repeat(32),
  issuer: 'did:web:dpp.unit',
  ...more,
});
const notarized = passportCredential(facts({ producer: 'Acme', notarization: anchored, signature: '0xsig' }));
const plain = passportCredential(facts({ document: { ...document, profiled: undefined, tiers: undefined } }));
/** Two claims as a company stores them: one with its standard, regulation and the assessor's URL, one with the credential alone. */
const claims: ConformityClaim[] = [
  {
    id: 'urn:uuid:0190a5e2-7b1c-7000-8000-0000000000a1',
    topic: 'environment.emissions',
    conformance: true,
    description: 'Assembly emissions within the rule book',
    criteria: [
      { id: 'https://criteria.example/assembly', name: 'Assembly', description: 'How it is assembled' },
      { id: 'https://criteria.example/packaging', name: 'Packaging' },
    ],
    reference_standard: {
      id: 'https://standards.example/gba-2',
      name: 'GBA rule book 2.0',
      issuing_party: { id: 'https://gba.example', name: 'GBA' },
    },
    reference_regulation: {
      id: 'https://eur-lex.europa.eu/eli/reg/2023/1542/oj',
      name: 'Batteries Regulation',
      administered_by: { id: 'https://commission.europa.eu', name: 'European Commission' },
    },
    evidence: {
      credential: 'aGVhZGVy.cGF5bG9hZA.c2ln',
      url: 'https://certifier.example/credentials/1',
      hash: 'a1'.repeat(32),
      issuer: 'did:web:certifier.example',
      issuer_name: 'Example Certifier',
    },
  },
  {
    id: 'urn:uuid:0190a5e2-7b1c-7000-8000-0000000000a2',
    topic: 'circularity.content',
    conformance: false,
    criteria: [{ id: 'urn:example:recycled-content', name: 'Recycled content' }],
    evidence: { credential: 'aGVhZGVy.cGF5bG9hZA.c2lnMg', hash: 'a2'.repeat(32), issuer: 'did:key:z6Mkassessor' },
  },
];
const claimed = passportCredential(facts({ document: { ...document, conformity_claims: claims } }));
const loader = documentLoader((url) => (url === dppContextUrl() ? Promise.resolve(dppContext()) : undefined));

describe('passportCredential', () => {
  it('is a UNTP DigitalProductPassport of UNTP 0.6.1 whose issuer is an object: the did:web and a name', () => {
    expect(notarized['@context']).toEqual([VC_V2_CONTEXT, UNTP_DPP_CONTEXT, 'https://dpp.unit/ns/dpp/v1']);
    expect(notarized.type).toEqual(['DigitalProductPassport', 'VerifiableCredential']);
    expect(notarized.id).toBe(`https://dpp.unit/dpp/${DPP_ID}/versions/2`);
    expect(notarized.issuer).toEqual({
      type: ['CredentialIssuer'],
      id: 'did:web:dpp.unit',
      name: 'Digital Product Passport service',
    });
    expect(notarized.validFrom).toBe(document.created_at);
  });

  it('has a ProductPassport of the product: its Digital Link URI, GTIN in GS1’s scheme, serial, producer, at item granularity', () => {
    const subject = notarized.credentialSubject;
    expect(subject.type).toEqual(['ProductPassport']);
    expect(subject.id).toBe(`https://dpp.unit/dpp/${DPP_ID}`);
    expect(subject.granularityLevel).toBe('item');
    expect(subject.product).toMatchObject({
      type: ['Product'],
      id: 'https://dpp.unit/01/08012345000012/21/X1-000123',
      name: 'Bike',
      description: 'A bike',
      registeredId: '08012345000012',
      idScheme: { type: ['IdentifierScheme'], id: 'https://id.gs1.org/01/', name: 'Global Trade Item Number (GTIN)' },
      serialNumber: 'X1-000123',
      producedByParty: { id: `urn:uuid:${document.dpp.company_id}`, name: 'Acme' },
    });
    expect(plain.credentialSubject.product).not.toHaveProperty('producedByParty');
    // A party's id is a URI: a company id that is no UUID gives no party rather than a bare id.
    const odd = passportCredential(
      facts({ producer: 'Acme', document: { ...document, dpp: { ...document.dpp, company_id: 'acme' } } }),
    );
    expect(odd.credentialSubject.product).not.toHaveProperty('producedByParty');
  });

  it('carries the version’s data as the product’s characteristics and its page and files as further information', () => {
    const { characteristics, furtherInformation } = notarized.credentialSubject.product;
    expect(characteristics).toMatchObject({
      type: ['Characteristics'],
      passportVersion: 2,
      productType: 'bicycle',
      techCards: [{ name: 'Frame', characteristic: [{ identifier: 'k-1', description: 'Aluminium' }] }],
      files: [{ name: 'manual.pdf', sha256: 'ab'.repeat(32), url: `https://dpp.unit/dpp/${DPP_ID}/files/f-1` }],
      aspects: document.profiled?.aspects,
      tierDigests: document.tiers,
    });
    expect(furtherInformation.map((link) => link.linkURL)).toEqual([
      `https://dpp.unit/passport/${DPP_ID}`,
      `https://dpp.unit/dpp/${DPP_ID}/files/f-1`,
    ]);
  });

  it('gives as evidence the document as a SecureLink with its SHA-256, and the notarization with its anchor once there', () => {
    expect(notarized.evidence).toEqual([
      {
        type: ['SecureLink', 'Link'],
        linkURL: `https://dpp.unit/dpp/${DPP_ID}/versions/2`,
        linkName: 'Bike: passport version 2 (canonical document)',
        hashDigest: 'ee'.repeat(32),
        hashMethod: 'SHA-256',
      },
      {
        type: ['Notarization'],
        reportHash: anchored.report_hash,
        signature: '0xsig',
        signer: anchored.submitter,
        anchor: {
          type: ['AnchorTransaction'],
          transactionHash: anchored.transaction_hash,
          blockHash: anchored.block_hash,
          blockNumber: 42,
          url: anchored.url,
        },
      },
    ]);
    const pending = passportCredential(facts({ notarization: { ...anchored, status: 'PENDING' }, signature: '0xsig' }));
    expect(pending.evidence[1]).not.toHaveProperty('anchor');
    expect(plain.evidence).toHaveLength(1);
  });

  it('states back what npm run verify checks: the document hash, the notarization and the anchoring transaction', () => {
    expect(statedProof(notarized)).toEqual({
      contentHash: 'ee'.repeat(32),
      notarization: { report_hash: anchored.report_hash, signature: '0xsig', submitter: anchored.submitter },
      anchor: { transaction_hash: anchored.transaction_hash },
    });
    expect(statedProof(plain)).toEqual({ contentHash: 'ee'.repeat(32) });
    expect(statedProof({})).toEqual({});
  });
});

/** Every namespace a term of the credential may expand under; anything else is an undefined or wrong one. */
const NAMESPACES = [
  'https://www.w3.org/2018/credentials#',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'https://schema.org/',
  UNTP_CORE,
  UNTP_DPP,
  'https://dpp.unit/ns/dpp/v1#',
];

describe('conformity claims in the credential', () => {
  it('has none when the version has none', () => {
    expect(notarized.credentialSubject).not.toHaveProperty('conformityClaim');
    expect(plain.credentialSubject).not.toHaveProperty('conformityClaim');
  });

  it('states each claim as a UNTP Claim: topic, conformance, criteria of its topic, standard and regulation', () => {
    const [first, second] = claimed.credentialSubject.conformityClaim ?? [];
    expect(first).toMatchObject({
      type: ['Claim', 'Declaration'],
      id: claims[0]!.id,
      description: 'Assembly emissions within the rule book',
      conformityTopic: 'environment.emissions',
      conformance: true,
      assessmentCriteria: [
        {
          type: ['Criterion'],
          id: 'https://criteria.example/assembly',
          name: 'Assembly',
          description: 'How it is assembled',
          conformityTopic: 'environment.emissions',
          status: 'active',
        },
        // A criterion without a description is described by its name (UNTP requires one).
        { id: 'https://criteria.example/packaging', name: 'Packaging', description: 'Packaging' },
      ],
      referenceStandard: {
        type: ['Standard'],
        id: 'https://standards.example/gba-2',
        name: 'GBA rule book 2.0',
        issuingParty: { id: 'https://gba.example', name: 'GBA' },
      },
      referenceRegulation: {
        type: ['Regulation'],
        administeredBy: { id: 'https://commission.europa.eu', name: 'European Commission' },
      },
    });
    expect(second).toMatchObject({ conformityTopic: 'circularity.content', conformance: false });
    expect(second).not.toHaveProperty('description');
    expect(second).not.toHaveProperty('referenceStandard');
  });

  it('links each claim’s evidence as a hashed SecureLink: the assessor’s URL, or the credential itself as a data URL', () => {
    const [first, second] = claimed.credentialSubject.conformityClaim ?? [];
    expect(first?.conformityEvidence).toEqual({
      type: ['SecureLink', 'Link'],
      linkURL: 'https://certifier.example/credentials/1',
      linkName: 'Conformity credential of Example Certifier',
      linkType: DCC_LINK_TYPE,
      hashDigest: 'a1'.repeat(32),
      hashMethod: 'SHA-256',
    });
    expect(second?.conformityEvidence).toMatchObject({
      linkURL: 'data:application/vc+jwt,aGVhZGVy.cGF5bG9hZA.c2lnMg',
      linkName: 'Conformity credential of did:key:z6Mkassessor',
      hashDigest: 'a2'.repeat(32),
    });
  });
});

describe('the credential as JSON-LD', () => {
  it('expands with no term dropped and every term under a namespace it belongs to, UNTP’s under core or dpp as UNTP defines them', async () => {
    for (const credential of [notarized, plain, claimed]) {
      const quads = await toQuads(credential, loader);
      const vocabulary = vocabularyOf(quads);
      for (const iri of vocabulary)
        expect(
          NAMESPACES.some((ns) => iri.startsWith(ns)),
          iri,
        ).toBe(true);
      // UNTP's passport terms are the DPP namespace's; the rest of UNTP's are core's.
      const untpDpp = [...vocabulary].filter((iri) => iri.startsWith(UNTP_DPP)).sort();
      expect(untpDpp).toEqual([
        `${UNTP_DPP}DigitalProductPassport`,
        `${UNTP_DPP}ProductPassport`,
        `${UNTP_DPP}granularityLevel`,
      ]);
      for (const term of ['SecureLink', 'Link', 'hashDigest', 'hashMethod', 'linkURL', 'product', 'Product']) {
        expect(vocabulary).toContain(`${UNTP_CORE}${term}`);
      }
      // Codes are the code lists' IRIs.
      expect(quads.join('\n')).toContain(`<${UNTP_DPP}granularityLevel> <${GRANULARITY_CODES}item>`);
      expect(quads.join('\n')).toContain(`<${UNTP_CORE}hashMethod> <${HASH_METHOD_CODES}SHA-256>`);
    }
    // A claim's every term reaches the graph, UNTP's under core, topics as codes of UNTP's list.
    const claimQuads = (await toQuads(claimed, loader)).join('\n');
    const claimVocabulary = vocabularyOf(await toQuads(claimed, loader));
    for (const term of [
      'conformityClaim',
      'Claim',
      'Declaration',
      'conformityTopic',
      'conformance',
      'assessmentCriteria',
      'Criterion',
      'status',
      'referenceStandard',
      'Standard',
      'referenceRegulation',
      'Regulation',
      // UNTP 0.6.1 maps a standard's issuing party and a regulation's administrator to core's Party.
      'Party',
      'conformityEvidence',
      'linkType',
    ])
      expect(claimVocabulary, term).toContain(`${UNTP_CORE}${term}`);
    expect(claimQuads).toContain(
      `<${claims[0]!.id}> <${UNTP_CORE}conformityTopic> <${UNTP_CORE}conformityTopicCode#environment.emissions>`,
    );
    expect(claimQuads).toContain(
      `<${claims[0]!.id}> <${UNTP_CORE}conformance> "true"^^<http://www.w3.org/2001/XMLSchema#boolean>`,
    );
    expect(claimQuads).toContain(`<https://criteria.example/packaging> <https://schema.org/name> "Packaging"`);
    expect(claimQuads).toContain(`<${UNTP_CORE}hashDigest> "${'a2'.repeat(32)}"`);
    expect(claimQuads).toContain('"data:application/vc+jwt,aGVhZGVy.cGF5bG9hZA.c2lnMg"');
    const all = (await toQuads(notarized, loader)).join('\n');
    // The data reaches the graph: the serial, a characteristic, an aspect (a JSON literal), the anchor.
    expect(all).toContain(`<${UNTP_CORE}serialNumber> "X1-000123"`);
    expect(all).toContain('<https://schema.org/description> "Aluminium"');
    expect(all).toContain(
      '"{\\"general\\":{\\"any key\\":[1,{\\"a\\":null}]}}"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#JSON>',
    );
    expect(all).toContain(`<https://dpp.unit/ns/dpp/v1#transactionHash> "${anchored.transaction_hash}"`);
  });

  it('fails on a term no context defines and on a bare id, as a JSON-LD processor would drop them', async () => {
    const undefinedTerm = { ...plain, credentialSubject: { ...plain.credentialSubject, madeUp: 1 } };
    await expect(toQuads(undefinedTerm, loader)).rejects.toThrow();
    const bareId = { ...plain, credentialSubject: { ...plain.credentialSubject, id: DPP_ID } };
    await expect(toQuads(bareId, loader)).rejects.toThrow();
  });

  it('leaves UNTP’s type-scoped terms their meaning: a conformity claim’s criterion category and a render template’s url expand beside the service’s context', async () => {
    // The credential makes no conformity claim; one the company states (with UNTP's tier 3, an
    // attesting body's conformity credential) must still expand with the service's context named.
    const withUntpTerms = {
      ...notarized,
      credentialSubject: {
        ...notarized.credentialSubject,
        conformityClaim: [
          {
            type: ['Claim'],
            id: 'https://claims.example/1',
            conformance: true,
            assessmentCriteria: [
              { type: ['Criterion'], id: 'https://criteria.example/1', name: 'A', category: 'https://c.example/x' },
            ],
          },
        ],
      },
      renderMethod: [{ type: ['RenderTemplate2024'], name: 'card', url: 'https://templates.example/card' }],
    };
    const all = (await toQuads(withUntpTerms, loader)).join('\n');
    expect(all).toContain(`<https://criteria.example/1> <${UNTP_CORE}category> <https://c.example/x>`);
    expect(all).toContain('<https://w3id.org/vc/render-method#url> "https://templates.example/card"');
    // The service's own terms keep theirs where the credential uses them.
    expect(all).toContain('<https://dpp.unit/ns/dpp/v1#category> "ev"');
    expect(all).toMatch(/<https:\/\/schema\.org\/url> <https:\/\/dpp\.unit\//);
  });

  it('defines no term in the service’s context that the VC 2.0 or UNTP’s context already protects', async () => {
    const own = Object.keys(dppContext()['@context']).filter((key) => !key.startsWith('@'));
    for (const protectedTerm of ['id', 'type', 'name', 'description', 'issuer', 'evidence', 'Product', 'product']) {
      expect(own).not.toContain(protectedTerm);
    }
    // No @vocab: an undefined term stays an error rather than becoming a term of the service's.
    expect(dppContext()['@context']).not.toHaveProperty('@vocab');
  });
});
