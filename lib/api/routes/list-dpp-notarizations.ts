import * as v from 'valibot';
import { listDppNotarizationsInput } from '../../notarizations/list-notarizations';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, paging } from '../errors';
import { nextCursor, notarization } from '../views';

export const listDppNotarizationsRoute = defineRoute({
  method: 'GET',
  path: '/view-dpp-notarizations/{dppId}',
  fn: 'list-dpp-notarizations',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'], cursorKey: true },
  input: listDppNotarizationsInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listDppNotarizationsDocs = /* @__PURE__ */ describeRoute(listDppNotarizationsRoute, () => ({
  tag: 'Notarizations',
  summary: 'List the notarizations of a DPP with their chain data, files and tech cards',
  description:
    'Oldest version first, paged with `limit` and `cursor`. Each notarization has its chain data, the DPP as the ' +
    'version froze it (`dpp.id` and `dpp.dpp_id` both name the DPP, `version_id` is the client’s `versionId`, ' +
    '`related_dpps` is always null) and the version’s files (each with a signed `url` to its bytes at that ' +
    'version, valid 15 minutes) and tech cards. `status` is `PENDING` until the anchor worker has the ' +
    'transaction mined, then `ANCHORED` (or `FAILED` after its last try). The chain fields are `""` and ' +
    '`block_number` 0 until known: `transaction_hash`, `from`, `to` and `url` (an explorer link) once the ' +
    'transaction is signed (stored just before it is sent; a retry re-sends the same one), `block_hash` and ' +
    '`block_number` once it is mined. The transaction’s data is `0x` + `dpp_hash` + the report’s hash (the ' +
    '`hash` notarize took): `dpp_hash` is the SHA-256 of the version’s canonical document, which ' +
    '`GET /dpp/{dppId}/versions/{version}` serves.',
  response: v.strictObject({ notarizations: v.array(notarization), ...nextCursor }),
  errors: {
    invalid: invalid(paging),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
  },
  example: {
    params: { dppId: DPP },
    status: 200,
  },
}));
