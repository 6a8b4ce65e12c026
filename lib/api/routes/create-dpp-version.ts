import * as v from 'valibot';
import { MAX_VERSION_DOCUMENT_BYTES, MAX_VERSION_FILES } from '../../limits';
import { createDppVersionInput } from '../../versions/create-version';
import { defineRoute } from '../contract';
import { DPP } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid } from '../errors';
import { done } from '../views';

export const createDppVersionRoute = defineRoute({
  method: 'POST',
  path: '/version/{dppId}/create',
  fn: 'create-dpp-version',
  auth: 'jwt',
  access: { table: 'write', bucket: ['put', 'delete'] },
  body: 'json',
  idempotent: true,
  input: createDppVersionInput,
  errors: {
    invalid: 400,
    not_found: 404,
    conflict: 409,
    too_large: 413,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const createDppVersionDocs = /* @__PURE__ */ describeRoute(createDppVersionRoute, () => ({
  tag: 'DPP versions',
  summary: 'Create the next version of a DPP',
  description:
    'JSON `{dppId, versionId}`: `dppId` must equal the path, `versionId` is the client’s id of the new version ' +
    '(1-64 letters, digits, `-` or `_`; unique within the DPP). Versions are numbered 1, 2, 3… per DPP with no gaps ' +
    'and no duplicates, also under concurrent requests (the message names the number). A version is an immutable ' +
    'snapshot of the DPP’s fields, its files (id, name, description, type, path, hash) and its tech cards; the bytes ' +
    'each file has then are kept (pinned) whatever later replaces or deletes the file. The snapshot is also stored ' +
    'as one canonical JSON document (RFC 8785), served publicly at the version’s `uri` ' +
    '(`GET /dpp/{dppId}/versions/{version}`); its SHA-256 is the version’s content hash, the `dpp_hash` a ' +
    `notarization anchors. At most ${MAX_VERSION_FILES} files and ${MAX_VERSION_DOCUMENT_BYTES / 1024} KiB of ` +
    'document per version.',
  response: v.strictObject(done),
  errors: {
    invalid: invalid(
      'An invalid field, a body `dppId` that is not the path’s (`VALIDATION_ERROR`), a body that is not a JSON ' +
        `object, more than ${MAX_VERSION_FILES} files on the DPP (\`TOO_MANY_FILES\`) or a snapshot over ` +
        `${MAX_VERSION_DOCUMENT_BYTES / 1024} KiB (\`VERSION_TOO_LARGE\`)`,
    ),
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
    conflict:
      'The `versionId` is already a version of this DPP (`VERSION_ID_TAKEN`), or other requests changed the DPP ' +
      'during every attempt (`CONCURRENT_CHANGE`; retry)',
    too_large: 'The body exceeds 256 KiB',
  },
  // Version 2 of the passport (the seed made version 1, `sample-event-v1`); a second run with this versionId is 409.
  example: {
    params: { dppId: DPP },
    json: { dppId: DPP, versionId: 'sample-event-version' },
    status: 200,
  },
}));
