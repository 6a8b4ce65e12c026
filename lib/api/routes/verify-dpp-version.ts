import * as v from 'valibot';
import { CHECK_NAMES } from '../../verification/checks';
import { getVersionDocumentInput } from '../../versions/get-version-document';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { invalid, unavailable } from '../errors';
import { timestamp } from '../views';

export const verifyDppVersionRoute = defineRoute({
  method: 'GET',
  path: '/dpp/{dppId}/versions/{version}/verification',
  fn: 'verify-dpp-version',
  auth: 'public',
  access: { table: 'update', bucket: ['get'], chain: true },
  // Fail closed: a query parameter is a 400 naming it (`?cb=1` cannot walk around a cache keyed on the path).
  input: v.object({ params: getVersionDocumentInput.entries.params, query: v.strictObject({}) }),
  errors: { invalid: 400, not_found: 404, ...unavailable },
});

const check = v.strictObject({
  check: v.picklist(CHECK_NAMES),
  ok: v.boolean(),
  detail: v.string(),
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const verifyDppVersionDocs = /* @__PURE__ */ describeRoute(verifyDppVersionRoute, () => ({
  tag: 'DPP versions',
  summary: 'Verify a version’s notarization from stored and on-chain data: `{valid, checks}`',
  description:
    'Public. Checks, in order: `document_hash` (the stored document’s bytes hash to the version’s content ' +
    'hash, the anchored `dpp_hash`), `notarization` (the version was notarized), `report_hash` (the stored ' +
    'report hashes to what was signed), `signature` (the EIP-191 signature over the report hash recovers the ' +
    '`submitter`), `submitter_wallet` (the wallet was the company’s when it signed), `anchor_transaction` (the ' +
    'anchoring transaction is mined on the configured chain, with enough confirmations), `anchor_input` (its ' +
    'input is `0x<dpp_hash><report_hash>`) and `chain_id` (the node and the transaction are the configured ' +
    'chain). `valid` is true when every check is. A version never notarized answers `valid: false` with a ' +
    'failed `notarization` check; one not anchored yet, a failed `anchor_transaction`. `npm run verify` makes ' +
    'the public checks again without trusting the service. The outcome for an anchored version is kept on its ' +
    'notarization, and the passport page shows it. It is served as kept for 10 minutes (`checked_at` says when ' +
    'the checks were made), then one request per version checks again while the others are served the kept ' +
    'one; a chain that does not answer gets the kept outcome served, as old as `checked_at` says, rather than ' +
    'a 503 (a 503 only when none is kept). Takes no query parameter.',
  response: v.strictObject({
    valid: v.boolean(),
    checks: v.array(check),
    checked_at: timestamp,
  }),
  responseHeaders: { 'cache-control': '`public, max-age=60, stale-while-revalidate=600`' },
  errors: {
    invalid: invalid(
      '`dppId` is malformed, `version` is not a whole number from 1 (no leading zeros), or a query parameter was sent',
    ),
    not_found: 'No such version of this DPP, or no published DPP with this id (`VERSION_NOT_FOUND`)',
  },
  example: { params: { dppId: DPP, version: '1' }, status: 200 },
}));
