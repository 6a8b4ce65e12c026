import * as v from 'valibot';
import { listDppVersionsInput } from '../../versions/list-versions';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, paging } from '../errors';
import { dppVersion, nextCursor } from '../views';

export const listDppVersionsRoute = defineRoute({
  method: 'GET',
  path: '/view-dpp-versions/{dppId}',
  fn: 'list-dpp-versions',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'], cursorKey: true, links: true },
  input: listDppVersionsInput,
  errors: {
    invalid: 400,
    not_found: 404,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const listDppVersionsDocs = /* @__PURE__ */ describeRoute(listDppVersionsRoute, () => ({
  tag: 'DPP versions',
  summary: 'List the versions of a DPP with their files and tech cards',
  description:
    'Oldest first (version 1 first), paged with `limit` and `cursor`. `version` is the version’s number as a ' +
    'string. `uri` is the public, unauthenticated address of the version’s canonical JSON document ' +
    '(`GET /dpp/{dppId}/versions/{version}`), whose SHA-256 is the hash a notarization anchors. Each file is as the ' +
    'version froze it; its `url` is a signed GET URL (15 minutes) to the bytes it had then, also after the file ' +
    'was replaced or deleted. A page also ends before its body passes 5 MiB.',
  response: v.strictObject({ versions: v.array(dppVersion), ...nextCursor }),
  errors: {
    invalid: invalid(paging),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
  },
  example: {
    params: { dppId: DPP },
    status: 200,
  },
}));
