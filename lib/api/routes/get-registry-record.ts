import { getRegistryRecordInput } from '../../registry/get-registry-record';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { registryRecord } from '../views';

export const getRegistryRecordRoute = defineRoute({
  method: 'GET',
  path: '/dpps/{dppId}/registry-record',
  fn: 'get-registry-record',
  auth: 'jwt',
  access: { table: 'read', links: true, backup: true },
  input: getRegistryRecordInput,
  errors: { invalid: 400, not_found: 404, conflict: 409, ...authenticated },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const getRegistryRecordDocs = /* @__PURE__ */ describeRoute(getRegistryRecordRoute, () => ({
  tag: 'EU registry',
  summary: 'The EU DPP registry record of a published passport of the company',
  description:
    'The registration metadata Art. 8 of Implementing Regulation (EU) 2026/1778 asks for, in the shape of the ' +
    'CIRPASS-2 mock EU registry’s schema (JSON Schema 2020-12): `upi` the passport’s GS1 Digital Link URI (what its ' +
    'data carrier encodes); `reoId` the company’s `economic_operator_id` as `EORI-<number>` or `LEI-<code>`; ' +
    '`facilitiesId` `["GLN-<facility_id>"]`; `commodityCode` the DPP’s `commodity_code`, else its template’s; ' +
    '`liveURL` its public JSON (`GET /dpp/{dppId}`) and `backupURL` the same on the back-up copy (the deployment’s ' +
    'back-up base URL); `dataCarrierTypes` the symbols `GET /dpps/{dppId}/qr` makes; `granularityLevel` `ITEM` (each ' +
    'passport is one serialised item) and `deactivated` whether it ceased or was replaced by a successor. The body ' +
    'is what the registry takes, as is (docs/behaviour.md, The EU registry).',
  response: registryRecord,
  errors: {
    invalid: invalid('A malformed `dppId`'),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
    conflict:
      'The passport is not published (`NOT_PUBLISHED`), or its record lacks a part (`REGISTRY_RECORD_INCOMPLETE`, ' +
      'each in `details`: the company’s `economic_operator_id`, a `commodity_code` or `facility_id` on the DPP or its ' +
      'template, or the deployment’s back-up base URL)',
  },
  example: { params: { dppId: DPP }, status: 200 },
}));
