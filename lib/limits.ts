/** Upload limit (decisions.md): Lambda's 6 MB synchronous payload, base64-inflated, leaves 4 MiB. */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
/** Room for the multipart framing and text fields around the one file. */
export const MAX_MULTIPART_BODY_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;
export const MAX_JSON_BODY_BYTES = 256 * 1024;
/** Signed GET URLs are valid 15 minutes (decisions.md, Files). */
export const SIGNED_URL_TTL_SECONDS = 15 * 60;
