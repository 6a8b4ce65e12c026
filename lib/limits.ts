/** Upload limit (decisions.md): Lambda's 6 MB synchronous payload, base64-inflated, leaves 4 MiB. */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
/** Room for the multipart framing and text fields around the one file. */
export const MAX_MULTIPART_BODY_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;
export const MAX_JSON_BODY_BYTES = 256 * 1024;
/** Signed GET URLs are valid 15 minutes (decisions.md, Files). */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;
/**
 * DPP files one notarize may mark notarized: its transaction holds the version, the
 * notarization and one update per file (TransactWriteItems takes 100), and its one read asks
 * for the DPP, the submitter's wallet and the files together (BatchGetItem takes 100 keys).
 */
export const MAX_NOTARIZED_FILES = 90;
/**
 * Members a company may have, pending invitations included (decisions.md, Invitations), while
 * its company item has no `member_limit` of its own; a plan (promotional codes) raises it.
 */
export const DEFAULT_MEMBER_LIMIT = 5;
/** An invitation expires 7 days after it is made (decisions.md): checked in code and by the table's TTL. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
