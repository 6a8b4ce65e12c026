/** Upload limit (docs/spec/decisions.md): Lambda's 6 MB synchronous payload, base64-inflated, leaves 4 MiB. */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
/** Room for the multipart framing and text fields around the one file. */
export const MAX_MULTIPART_BODY_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;
export const MAX_JSON_BODY_BYTES = 256 * 1024;
/** Signed GET URLs are valid 15 minutes (docs/spec/decisions.md, Files). */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;
/**
 * Files one DPP version may snapshot: its transaction holds the DPP's counter, the version,
 * the versionId claim, one pin per file, the Digital Link entry and the delete of the document's
 * intent record (lib/files/pending-objects.ts), within DynamoDB's 100 items per transaction.
 */
export const MAX_VERSION_FILES = 95;
/**
 * Items one DynamoDB transaction takes (TransactWriteItems). A change through the passport API is
 * one with its version: the version's legs (at most 99), plus the history entries an aspect write
 * adds (one per dynamic attribute it changes): more is 400 TOO_MANY_FILES, before anything is written.
 */
export const MAX_TRANSACTION_ITEMS = 100;
/**
 * The canonical version document's size at most: the version item holds the same snapshot
 * and must stay under DynamoDB's 400 KB per item (names and descriptions may be multibyte).
 */
export const MAX_VERSION_DOCUMENT_BYTES = 300 * 1024;
/**
 * A page of versions stops before its JSON passes this (a version can carry 95 files, each
 * with a signed URL): Lambda answers at most 6 MB. The rest is on the next page.
 */
export const MAX_VERSIONS_PAGE_BYTES = 5 * 1024 * 1024;
/**
 * Related DPPs (POST /related-dpps): DPPs one request may link. The copies of their files and
 * tech cards are written in one transaction with the target's update and the delete of the
 * copied objects' intent record (lib/files/pending-objects.ts), so at most
 * MAX_RELATED_COPIES of them (TransactWriteItems takes 100 actions) and at most
 * MAX_TRANSACTION_BYTES together (its 4 MB); more is 400 TOO_MANY_ITEMS.
 */
export const MAX_RELATED_DPPS = 10;
export const MAX_RELATED_COPIES = 98;
/** DynamoDB's limit on a transaction's items together (4 MB), in the JSON bytes of the items (a little more than their stored size). */
export const MAX_TRANSACTION_BYTES = 4_000_000;
/**
 * DPP files one notarize may mark notarized: its transaction holds the version, the
 * notarization, one update per file and the delete of the report's intent record
 * (TransactWriteItems takes 100), and its one read asks
 * for the DPP, the submitter's wallet and the files together (BatchGetItem takes 100 keys).
 */
export const MAX_NOTARIZED_FILES = 90;
/**
 * Members a company may have, pending invitations included (docs/spec/decisions.md, Invitations), while
 * its company item has no `member_limit` of its own; a plan (promotional codes) raises it.
 */
export const DEFAULT_MEMBER_LIMIT = 5;
/** An invitation expires 7 days after it is made (docs/spec/decisions.md): checked in code and by the table's TTL. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * A tech card's characteristics (POST/PUT /dpps/{dppId}/cards): at most this many, each at most
 * MAX_CHARACTERISTIC_LENGTH characters, so a card stays far below DynamoDB's 400 KB per item
 * (and a version's snapshot, which holds every card, below its 300 KiB).
 */
export const MAX_CARD_CHARACTERISTICS = 50;
export const MAX_CHARACTERISTIC_LENGTH = 500;
/**
 * A DPP's stored translation into one language is one item (lib/dpps/translations.ts): a supplied
 * translation that would make it larger than this is refused (400 TRANSLATION_TOO_LARGE), well
 * below DynamoDB's 400 KB per item, which a DynamoDB error would otherwise report as a 500.
 */
export const MAX_TRANSLATION_ITEM_BYTES = 350 * 1024;
/**
 * A profiled DPP's aspects (PUT / PATCH /dpps/{dppId}/aspects/{aspect}) live on the DPP item
 * (docs/profiles.md), which DynamoDB holds to 400 KB: one aspect's document is at most
 * MAX_ASPECT_BYTES of JSON (the request body too), all its aspects together at most
 * MAX_ASPECTS_BYTES, leaving room for the DPP's own fields. More is 413.
 */
export const MAX_ASPECT_BYTES = 64 * 1024;
export const MAX_ASPECTS_BYTES = 192 * 1024;
/**
 * A DPP's conformity claims (PUT /dpps/{dppId}/conformity-claims) live on the DPP item too, beside
 * its aspects: at most this many bytes of JSON as stored (their credentials included). More is 413.
 */
export const MAX_CONFORMITY_CLAIMS_BYTES = 64 * 1024;
/**
 * The history entries one aspect write may add (one per dynamic attribute it changes), within a
 * transaction's 100 actions beside the DPP's update.
 */
export const MAX_ASPECT_CHANGES = 90;
