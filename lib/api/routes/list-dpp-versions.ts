import * as v from 'valibot';
import { listDppVersionsInput } from '../../versions/list-versions';
import { defineRoute } from '../contract';
import { authenticated, invalid, paging } from '../errors';
import { dppVersion, nextCursor } from '../views';

export const listDppVersionsRoute = defineRoute({
  method: 'GET',
  path: '/view-dpp-versions/{dppId}',
  fn: 'list-dpp-versions',
  auth: 'jwt',
  access: { table: 'read', bucket: ['get'], cursorKey: true, links: true },
  tag: 'DPP versions',
  summary: 'List the versions of a DPP with their files and tech cards',
  description:
    'Oldest first (version 1 first), paged with `limit` and `cursor`. `version` is the version’s number as a ' +
    'string. `uri` is the public, unauthenticated address of the version’s canonical JSON document ' +
    '(`GET /dpp/{dppId}/versions/{version}`), whose SHA-256 is the hash a notarization anchors. Each file is as the ' +
    'version froze it; its `url` is a signed GET URL (15 minutes) to the bytes it had then, also after the file ' +
    'was replaced or deleted. A page also ends before its body passes 5 MiB.',
  input: listDppVersionsInput,
  response: v.strictObject({ versions: v.array(dppVersion), ...nextCursor }),
  errors: {
    invalid: invalid(paging),
    not_found: { status: 404, description: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)' },
    ...authenticated,
  },
});
