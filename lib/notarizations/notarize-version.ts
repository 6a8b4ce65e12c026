import { hexToBytes } from '@noble/hashes/utils.js';
import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import type { Principal } from '../auth/claims';
import { assertOwnCompany } from '../auth/tenancy';
import { budget } from '../aws/budget';
import { dppNotFound } from '../dpps/model';
import { ConflictError, InvalidInputError } from '../errors';
import type { Address } from '../evm/address';
import { recoverPersonalSignAddress, SignatureError } from '../evm/personal-sign';
import { objectKeys } from '../files/object-keys';
import { committedLeg, recordPendingObject, releasePendingObjects } from '../files/pending-objects';
import { putObject } from '../files/storage';
import { readUpload, requiredFilePart, sha256Hex } from '../files/upload';
import { MAX_NOTARIZED_FILES } from '../limits';
import { versionUri } from '../links';
import { countUpload } from '../metrics';
import { distinct, id, uuid } from '../schemas';
import { toNotarizationItem } from './model';
import { readNotarizeSource, writeNotarization } from './repository';

export const notarizeDppVersionInput = v.object({
  params: v.object({ dppId: id }),
  body: v.object({
    file: requiredFilePart,
    companyId: uuid,
    hash: sha256Hex,
    signature: v.pipe(
      v.string(),
      v.regex(/^0x[0-9a-fA-F]{130}$/, 'must be 0x and 130 hex digits: an EIP-191 signature (r, s, v)'),
    ),
    // Any letter case: it is compared with the address recovered from the signature, which a
    // mistyped address (the EIP-55 checksum's concern) can never match.
    submitter: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address: 0x and 40 hex digits')),
    filesList: v.pipe(v.string(), v.maxLength(16 * 1024)),
  }),
});

type NotarizeInput = v.InferOutput<typeof notarizeDppVersionInput>;

/** A retry after a listed file was deleted (or a conflicting transaction) between the read and the write. */
const MAX_ATTEMPTS = 3;

const fileIds = v.pipe(
  v.array(id),
  v.maxLength(MAX_NOTARIZED_FILES, `lists at most ${MAX_NOTARIZED_FILES} files`),
  v.check(distinct, 'names a file twice'),
);

/** `filesList`: a JSON array of DPP file ids, as a string. */
function parseFilesList(text: string): string[] {
  const invalid = (message: string) =>
    new InvalidInputError(`filesList ${message}`, 'INVALID_FILES_LIST', [{ path: 'filesList', message }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('must be a JSON array of DPP file ids');
  }
  const result = v.safeParse(fileIds, parsed);
  if (!result.success) {
    throw invalid(Array.isArray(parsed) ? result.issues[0].message : 'must be a JSON array of DPP file ids');
  }
  return result.output;
}

/** The address that signed `hash` (personal_sign of its 32 raw bytes); it must be `submitter`. */
function signerOf(signature: string, hash: string, submitter: string): Address {
  let signer: Address;
  try {
    signer = recoverPersonalSignAddress(signature, hexToBytes(hash));
  } catch (error) {
    if (!(error instanceof SignatureError)) throw error;
    throw new InvalidInputError(`signature is not valid: ${error.message}`, 'INVALID_SIGNATURE', [
      { path: 'signature', message: error.message },
    ]);
  }
  if (signer.toLowerCase() !== submitter.toLowerCase()) {
    throw new InvalidInputError('signature was not made by submitter over hash', 'SIGNATURE_MISMATCH', [
      {
        path: 'signature',
        message: 'the address that signed hash (EIP-191 personal_sign of its 32 bytes) is not submitter',
      },
    ]);
  }
  return signer;
}

/**
 * Finishes the notarization of the latest version of a DPP of the caller's company that is not
 * notarized yet: checks everything first (company, report, hash, signature, submitter,
 * filesList, DPP, version), then stores the report, then writes in ONE transaction the version
 * (READY, with hash, signature and submitter), the PENDING notarization record the anchor
 * worker picks up, and `notarized: true` on the listed files. A refused request writes nothing.
 */
export async function notarizeDppVersion(auth: Principal, { params, body }: NotarizeInput) {
  const { dppId } = params;
  assertOwnCompany(auth, body.companyId);
  const upload = readUpload(body.file, body.hash);
  const listed = parseFilesList(body.filesList);
  const submitter = signerOf(body.signature, upload.sha256, body.submitter);
  const signature = body.signature.toLowerCase();

  for (let attempt = 1; ; attempt++) {
    const source = await readNotarizeSource(dppId, submitter, listed);
    if (source.dpp?.company_id !== auth.companyId) throw dppNotFound();
    if (source.wallet?.company_id !== auth.companyId) {
      throw new InvalidInputError('submitter is not the wallet of a member of your company', 'SUBMITTER_NOT_MEMBER', [
        { path: 'submitter', message: 'must be the wallet of a user of the company' },
      ]);
    }
    const version = source.version;
    if (version?.company_id !== auth.companyId) {
      throw new ConflictError(
        'every version of this DPP is notarized already; create a version first',
        'NOTHING_TO_NOTARIZE',
      );
    }
    const inSnapshot = new Set(version.snapshot.files.map((file) => file.id));
    const outside = listed.filter((fileId) => !inSnapshot.has(fileId));
    if (outside.length > 0) {
      throw new InvalidInputError(
        `filesList names files that are not in version ${version.version}: ${outside.join(', ')}`,
        'FILE_NOT_IN_VERSION',
        outside.map((fileId) => ({
          path: 'filesList',
          message: `${fileId} is not a file of version ${version.version}`,
        })),
      );
    }
    // A file of the snapshot deleted since is not there to mark; the version still lists it.
    const existing = source.files.filter((file) => file.company_id === auth.companyId).map((file) => file.id);

    const now = new Date().toISOString();
    const reportPath = objectKeys.versionReport(auth.companyId, dppId, version.version, uuidv7());
    // Its intent record first (lib/files/pending-objects.ts): the notarization's transaction deletes it.
    await recordPendingObject(reportPath);
    await putObject(reportPath, upload);
    const notarization = toNotarizationItem({
      id: uuidv7(),
      dpp_id: dppId,
      company_id: auth.companyId,
      version: version.version,
      version_id: version.id,
      dpp_hash: version.content_hash,
      report_hash: upload.sha256,
      submitter,
      snapshot: version.snapshot,
      status: 'PENDING',
      created_at: now,
      updated_at: now,
      attempts: 0,
    });
    const outcome = await writeNotarization(
      version,
      {
        hash: upload.sha256,
        signature,
        submitter,
        report_path: reportPath,
        notarized_at: now,
        notarized_files: listed,
      },
      notarization,
      existing,
      committedLeg(reportPath),
    ).catch(async (error: unknown) => {
      // A transaction that got no answer may have landed: the report stays, and its intent
      // record tells the orphan sweeper whether it did.
      if (!budget()?.unanswered) await releasePendingObjects(reportPath);
      throw error;
    });
    if (outcome === 'written') {
      countUpload(upload.size);
      return {
        id: version.id,
        status: 'READY' as const,
        hash: upload.sha256,
        signature,
        submitter,
        uri: versionUri(dppId, version.version),
      };
    }
    await releasePendingObjects(reportPath);
    if (outcome === 'version_changed') {
      throw new ConflictError(
        `version ${version.version} was notarized by another request meanwhile`,
        'CONCURRENT_CHANGE',
      );
    }
    if (attempt >= MAX_ATTEMPTS) {
      throw new ConflictError('the DPP was changed by other requests during every attempt; retry', 'CONCURRENT_CHANGE');
    }
  }
}
