import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';
import { operatorCeased } from '../backup/ceased-operator';
import { UnavailableError } from '../errors';
import { logger } from '../logger';
import {
  type AccessGrantItem,
  type AccessLogItem,
  parseAccessToken,
  type ReaderOrigin,
  type ReadKind,
  readerHash,
  type Served,
  tierOfGrant,
  toAccessLogItem,
} from './model';
import { readGrant, writeLogEntry } from './repository';
import { type AccessTier, includes } from './tiers';

/**
 * Reading a public route through an access grant (docs/choices.md, Access tiers): the `access`
 * value a grant's link carries (`?access=<grantId>.<secret>`, or the `x-dpp-access` header),
 * the tier it reads at, and the access-log entry each such read writes.
 */
export const accessValue = v.optional(v.pipe(v.string(), v.maxLength(200)));

/** The headers of an answer read through a grant: never cached, never a Referer. */
export const GRANT_HEADERS = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' } as const;

export interface Reader {
  tier: AccessTier;
  /** Set when a valid grant raised the tier: each read through it is logged (recordRead). */
  grant?: AccessGrantItem;
}

/**
 * The reader of a DPP: `public`, or a valid grant's tier. A malformed, unknown, wrong, expired or
 * revoked value reads as `public`, with no error and the same work (one strongly consistent GetItem
 * and one constant-time comparison, whether the grant exists or not).
 */
export async function readerOf(dppId: string, access: string | undefined): Promise<Reader> {
  const token = parseAccessToken(access);
  const [reader, ceased] = await Promise.all([
    token
      ? readGrant(dppId, token.grantId).then((grant) => tierOfGrant(grant, token.secret, new Date()))
      : ({ tier: 'public' } as Reader),
    operatorCeased(dppId),
  ]);
  // On the back-up, a ceased operator's passports are open at the legitimate-interest tier to all
  // (lib/backup/ceased-operator.ts); a grant of a higher tier still reads at its own, logged.
  if (ceased && !includes(reader.tier, 'legitimate_interest')) return { tier: 'legitimate_interest' };
  return reader;
}

/**
 * A request as a read through a grant records it (from API Gateway's `requestContext.http`, which
 * the handler passes on: lib/http/endpoint.ts): its method, and who sent it (hashed, never kept).
 */
export interface ReadRequest extends ReaderOrigin {
  method: string;
}

/**
 * What a read was: a revalidation answered 304 (`notModified`, whatever the method), else a HEAD,
 * else a full read.
 */
export const readKind = (request: ReadRequest, notModified = false): ReadKind =>
  notModified ? 'not_modified' : request.method.toUpperCase() === 'HEAD' ? 'head' : 'read';

/**
 * Writes the access-log entry of one read through a grant, before the answer goes out: what was
 * served, the kind of read (`readKind`) and the reader's hash (`readerHash`, for a grant with a
 * `reader_key`). A failed write answers 503 and serves nothing (docs/choices.md, Access tiers):
 * restricted data is never read without a record of it.
 */
export async function recordRead(
  grant: AccessGrantItem,
  route: AccessLogItem['route'],
  served: Served,
  request: ReadRequest,
  notModified = false,
): Promise<void> {
  const entry = toAccessLogItem({
    id: uuidv7(),
    dpp_id: grant.dpp_id,
    grant_id: grant.id,
    tier: grant.tier,
    read_at: new Date().toISOString(),
    route,
    kind: readKind(request, notModified),
    ...(grant.reader_key && { reader: readerHash(grant.reader_key, request) }),
    served,
  });
  try {
    await writeLogEntry(entry);
  } catch (error) {
    logger.error('could not record a read through an access grant; nothing was served', { error: error as Error });
    throw new UnavailableError();
  }
}

/** The ids of the parts above `public` among those served: what a log entry names. */
export const restrictedIds = (parts: ReadonlyArray<{ id: string; access_tier?: AccessTier }>): string[] =>
  parts.flatMap((part) => (part.access_tier && part.access_tier !== 'public' ? [part.id] : []));
