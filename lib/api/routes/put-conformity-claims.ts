import * as v from 'valibot';
import { putConformityClaimsInput } from '../../dpps/conformity-claims';
import { defineRoute } from '../contract';
import { DPP, sampleConformityCredential } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { conformityClaims } from '../views';

export const putConformityClaimsRoute = defineRoute({
  method: 'PUT',
  path: '/dpps/{dppId}/conformity-claims',
  fn: 'put-conformity-claims',
  auth: 'jwt',
  // links: the evidence must name the product's id in the passport's credential, its Digital Link URI on the public base.
  access: { table: 'write', links: true },
  body: 'json',
  input: putConformityClaimsInput,
  errors: { invalid: 400, not_found: 404, conflict: 409, too_large: 413, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const putConformityClaimsDocs = /* @__PURE__ */ describeRoute(putConformityClaimsRoute, () => ({
  tag: 'DPP authoring',
  summary: 'Replace the conformity claims of a DPP of the company, each with its assessor’s credential',
  description:
    'JSON `{claims: [...]}`, at most 10 (an empty list removes them). Each claim states what the product conforms ' +
    'to: `topic` (a UNTP 0.6.1 conformity topic: `environment.emissions`, `circularity.content`, …), `conformance` ' +
    '(true or false), an optional `description`, the `criteria` it is assessed against (1-20, each `{id, name, ' +
    'description?}`, `id` a URI), optionally the `reference_standard` `{id, name, issuing_party: {id, name}}` and the ' +
    '`reference_regulation` `{id, name, administered_by: {id, name}}`, and its `evidence`: `credential`, the ' +
    'assessor’s UNTP DigitalConformityCredential as a compact JWS (vc+jwt, at most 16 KiB), and optionally `url`, ' +
    'where the assessor publishes it. The service makes no claim of its own and checks each one: the credential is ' +
    'decoded (its signature is not verified: docs/choices.md, Conformity claims) and must, for every criterion, ' +
    'hold an assessment of this passport’s product (`assessedProduct[].product.id`, the product’s id in the ' +
    'passport’s credential: its GS1 Digital Link URI) of the claim’s topic and conformance that lists the ' +
    'criterion. Each stored claim gets an id (`urn:uuid:`), and its evidence the credential’s issuer and the ' +
    'SHA-256 of the compact JWS. Versions taken afterwards carry the claims in their document and, as UNTP ' +
    '`conformityClaim`s, in their credential (`GET /dpp/{dppId}/versions/{version}`, `Accept: application/vc+jwt`); ' +
    'versions taken before are unchanged. Answers the claims as stored.',
  response: v.strictObject({ dpp_id: v.string(), claims: conformityClaims }),
  errors: {
    invalid: invalid(
      'A malformed `dppId`, a missing, invalid or unknown field (`VALIDATION_ERROR`, with `details`), or evidence ' +
        'that does not confirm its claim (`INVALID_EVIDENCE`: not a DigitalConformityCredential, no assessment of ' +
        'this product, or a criterion it does not assess for the claim’s topic and conformance; each problem in ' +
        '`details`). Nothing is stored',
    ),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
    conflict:
      'The passport has ceased (`DPP_CEASED`), or it kept changing meanwhile (`CONCURRENT_CHANGE`: read and retry)',
    too_large: 'The body exceeds 256 KiB, or the claims as stored would exceed 64 KiB of JSON (credentials included)',
  },
  // A claim whose credential assesses another product than the sample passport's: refused, nothing stored.
  example: {
    params: { dppId: DPP },
    json: {
      claims: [
        {
          topic: 'environment.emissions',
          conformance: true,
          criteria: [
            {
              id: 'https://www.globalbattery.org/media/publications/gba-rulebook-v2.0-master.pdf#BatteryAssembly',
              name: 'GBA Battery rule book v2.0 battery assembly guidelines',
            },
          ],
          evidence: { credential: sampleConformityCredential(), url: 'https://certifier.example/credentials/12345' },
        },
      ],
    },
    status: 400,
  },
}));
