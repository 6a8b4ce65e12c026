import { MAX_NOTARIZED_FILES } from '../../limits';
import { notarizeDppVersionInput } from '../../notarizations/notarize-version';
import { defineRoute } from '../contract';
import { ACME, ADMIN_WALLET, DPP, DPP_FILE } from '../demo';
import { describeRoute } from '../docs';
import { authenticated, invalid, upload } from '../errors';
import { notarizedVersion } from '../views';

export const notarizeDppVersionRoute = defineRoute({
  method: 'POST',
  path: '/version/{dppId}/notarize',
  fn: 'notarize-dpp-version',
  auth: 'jwt',
  access: { table: 'write', bucket: ['put', 'delete'], links: true },
  body: 'multipart',
  idempotent: true,
  input: notarizeDppVersionInput,
  errors: {
    invalid: 400,
    forbidden: 403,
    not_found: 404,
    conflict: 409,
    ...upload,
    ...authenticated,
  },
});

/** The row's docs and example (lib/api/docs.ts): the route table's, never a function's. */
export const notarizeDppVersionDocs = /* @__PURE__ */ describeRoute(notarizeDppVersionRoute, () => ({
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
    forbidden: '`companyId` is not the company of the token (`COMPANY_MISMATCH`)',
    not_found: 'No DPP with this id in the company of the token (`DPP_NOT_FOUND`)',
    conflict:
      'Every version of the DPP is notarized already, or it has none (`NOTHING_TO_NOTARIZE`); or the version ' +
      'was notarized by another request meanwhile (`CONCURRENT_CHANGE`)',
  },
  // Notarizes the passport's latest version not yet notarized (the one the sample above creates when the events
  // test runs the samples in route order; the seeded version 1 when run alone) with sample.pdf as the report: `hash` is its SHA-256, `signature` the
  // admin wallet's (test-mnemonic account 0) EIP-191 signature of the hash's 32 bytes (RFC 6979, so fixed).
  example: {
    params: { dppId: DPP },
    multipart: {
      fields: {
        companyId: ACME,
        hash: 'e93b453fe6a8f7977982121c915dbf47095f0c93b76aa4a6acfc87575e402051',
        signature:
          '0xf9e8b0dd55400f8d7190c4cd6a1fef0b73c76a8dd37986932ec54b20cb8ea53205a96b73c625e6ddc8677518ca55a1071d3753d967a44bbf52a7ee8ecdc1b3a51b',
        submitter: ADMIN_WALLET,
        filesList: JSON.stringify([DPP_FILE.read]),
      },
      file: { name: 'notarization-report.pdf', fixture: 'sample.pdf' },
    },
    status: 200,
  },
}));
