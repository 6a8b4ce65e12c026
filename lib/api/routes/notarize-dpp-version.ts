import { MAX_NOTARIZED_FILES } from '../../limits';
import { notarizeDppVersionInput } from '../../notarizations/notarize-version';
import { defineRoute } from '../contract';
import { authenticated, invalid, upload } from '../errors';
import { notarizedVersion } from '../views';

export const notarizeDppVersionRoute = defineRoute({
  method: 'POST',
  path: '/version/{dppId}/notarize',
  fn: 'notarize-dpp-version',
  auth: 'jwt',
  access: { table: 'write', bucket: ['put', 'delete'], links: true },
  tag: 'Notarizations',
  summary: 'Notarize the latest version of a DPP that is not notarized yet',
  description:
    'Multipart: `file` is the report the client generated (the upload checks of the file routes: one file, ' +
    'PDF, PNG, JPEG, WebP, GIF, text, CSV or JSON, 4 MiB at most); `companyId` must be the token’s company; ' +
    '`hash` is the hex SHA-256 of the report; `signature` is the EIP-191 `personal_sign` signature (0x and 130 ' +
    'hex digits, `v` 27/28 or 0/1, low `s` only) of the 32 raw bytes of `hash` (what a wallet signs when given ' +
    '`0x<hash>`; not the 64 characters), made by `submitter`; `submitter` is the EVM address (any letter ' +
    'case; answered in its EIP-55 spelling) of a wallet of a user of the company; `filesList` is a JSON array, ' +
    'as a string, of ' +
    `at most ${MAX_NOTARIZED_FILES} distinct ids of files of the version being notarized (\`[]\` for none), ` +
    'which then show `notarized: true` in the DPP-file views (a file deleted since the version is skipped). ' +
    'It finishes the latest version still `CREATED` (not notarized): the version becomes `READY` with `hash`, ' +
    '`signature` and `submitter`, and a `PENDING` notarization is recorded in the same transaction, which an ' +
    'anchor worker sends to the chain (see the notarizations view). The report is stored under a key the server ' +
    'chooses. The answer is the notarized version; its `id` is the client’s `versionId` and `uri` its public ' +
    'canonical document (`GET /dpp/{dppId}/versions/{version}`). A refused request writes nothing.',
  body: 'multipart',
  idempotent: true,
  input: notarizeDppVersionInput,
  response: notarizedVersion,
  errors: {
    invalid: invalid(
      'An invalid or missing field (`VALIDATION_ERROR`); no file, two files, an empty file or a format not ' +
        'allowed (`NO_FILE`, `TOO_MANY_FILES`, `EMPTY_FILE`, `INVALID_FILE_FORMAT`); `hash` is not the SHA-256 ' +
        'of the file (`HASH_MISMATCH`); `signature` is not a valid signature (`INVALID_SIGNATURE`) or was not ' +
        'made by `submitter` over `hash` (`SIGNATURE_MISMATCH`); `submitter` is not the wallet of a member of ' +
        'the company (`SUBMITTER_NOT_MEMBER`); `filesList` is not a JSON array of distinct file ids within the ' +
        'limit (`INVALID_FILES_LIST`) or names a file that is not in the version (`FILE_NOT_IN_VERSION`)',
    ),
    forbidden: { status: 403, description: '`companyId` is not the company of the token (`COMPANY_MISMATCH`)' },
    not_found: { status: 404, description: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)' },
    conflict: {
      status: 409,
      description:
        'Every version of the DPP is notarized already, or it has none (`NOTHING_TO_NOTARIZE`); or the version ' +
        'was notarized by another request meanwhile (`CONCURRENT_CHANGE`)',
    },
    ...upload,
    ...authenticated,
  },
});
