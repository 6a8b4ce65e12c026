import { createHash } from 'node:crypto';

/**
 * Strong ETags (the SHA-256 of an answer's bytes) and `If-None-Match`, in one place for the HTTP
 * layer (lib/http/html.ts, lib/http/response.ts) and for a use case that must know whether its
 * answer will be a 304 (a read through an access grant logs a revalidation apart from a full
 * read: lib/access-tiers/read-access.ts).
 */
export const strongEtag = (text: string): string => `"${createHash('sha256').update(text).digest('base64url')}"`;

/** Whether `If-None-Match` names `etag` (weak or strong) or is `*`: the answer is a 304 without a body. */
export function namesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  const tags = (ifNoneMatch ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes(etag) || tags.includes('*');
}
