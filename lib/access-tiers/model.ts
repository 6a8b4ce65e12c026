import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as keys from '../data/keys';
import { NotFoundError } from '../errors';
import type { AccessTier, GrantableTier } from './tiers';

/**
 * Access grants (docs/choices.md, Access tiers): a company lets one reader (one of its
 * non-official operators, or an e-mail address) read a DPP's parts up to a tier, until a date.
 * The reader holds a link with `<grantId>.<secret>`; only the secret's SHA-256 is stored.
 */
export const ACCESS_GRANT_TYPE = 'ACCESS_GRANT';
export const ACCESS_LOG_TYPE = 'ACCESS_LOG';

export interface Audience {
  email: string;
  /** Set when the audience is a non-official operator of the company (`email` is then the operator's). */
  operator_id?: string;
}

export interface AccessGrantItem {
  pk: string;
  sk: string;
  type: typeof ACCESS_GRANT_TYPE;
  id: string;
  dpp_id: string;
  company_id: string;
  tier: GrantableTier;
  audience: Audience;
  /** Hex SHA-256 of the secret's 32 bytes: the secret itself is never stored. */
  secret_hash: string;
  created_at: string;
  created_by: string;
  expires_at: string;
  revoked_at?: string;
  /**
   * The key of the reader hashes of the grant's log entries (`readerHash`): 32 random bytes,
   * base64url, never shown. Absent on a grant created before readers were hashed (its entries
   * then carry no `reader`).
   */
  reader_key?: string;
}

/** What a read through a grant served: the restricted parts' ids (public ones are everyone's). */
export interface Served {
  cards: string[];
  files: string[];
  images: string[];
  /** The version whose tier document was served (the version route). */
  version?: number;
  /** The restricted attributes of a profiled passport served (their ids in its profile: lib/profiles). */
  attributes?: string[];
}

/**
 * What a read through a grant was: `read` a full answer; `head` a HEAD (the same status and
 * headers, no body); `not_modified` a revalidation answered 304 (the reader already held it).
 */
export const READ_KINDS = ['read', 'head', 'not_modified'] as const;
export type ReadKind = (typeof READ_KINDS)[number];

export interface AccessLogItem {
  pk: string;
  sk: string;
  type: typeof ACCESS_LOG_TYPE;
  id: string;
  dpp_id: string;
  grant_id: string;
  tier: GrantableTier;
  read_at: string;
  /** The route that served it: `dpp`, `passport`, `version`, `aspect`, `aspect-history`, or a download through the grant (`file`, `image`). */
  route: 'dpp' | 'passport' | 'version' | 'file' | 'image' | 'aspect' | 'aspect-history';
  /** Absent on entries written before kinds were told apart: those were all counted as `read`. */
  kind?: ReadKind;
  /** `readerHash` of the reader's IP address and user agent; absent for a grant without `reader_key`. */
  reader?: string;
  served: Served;
}

const SECRET_BYTES = 32;

/** A new secret: 32 random bytes, base64url (43 characters). */
export const newSecret = (): string => randomBytes(SECRET_BYTES).toString('base64url');

/** A new grant's `reader_key`: 32 random bytes, base64url. */
export const newReaderKey = (): string => randomBytes(SECRET_BYTES).toString('base64url');

/** Who read, as the request says (API Gateway's `requestContext.http`): never stored as such. */
export interface ReaderOrigin {
  sourceIp: string;
  userAgent: string;
}

/**
 * The reader of a log entry, pseudonymous (docs/choices.md, Access tiers): HMAC-SHA-256, keyed
 * with the grant's own random `reader_key`, of the reader's IP address and user agent, hex. The
 * same reader of one grant always hashes alike (the company sees whether a link was read from
 * one place or from several); nobody without the key (which no route shows, not even to the
 * company) can test an address against it, and two grants' hashes of one reader differ.
 */
export const readerHash = (key: string, { sourceIp, userAgent }: ReaderOrigin): string =>
  createHmac('sha256', Buffer.from(key, 'base64url'))
    .update(JSON.stringify([sourceIp, userAgent]))
    .digest('hex');

/** The stored form of a secret: hex SHA-256 of its bytes. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** The access value a link carries: `<grantId>.<secret>`. */
export const accessToken = (grantId: string, secret: string): string => `${grantId}.${secret}`;

/** A token's grant id and secret, or undefined for another shape (the secret is 43 base64url characters). */
export function parseAccessToken(token: string | undefined): { grantId: string; secret: string } | undefined {
  const [, grantId, secret] = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '') ?? [];
  return grantId !== undefined && secret !== undefined ? { grantId, secret } : undefined;
}

/** A hash no secret has: what a missing grant is compared with, so it costs what a wrong secret costs. */
const NO_HASH = '0'.repeat(64);

/** Whether `secret` is the one whose hash is `storedHash`: compared in constant time. */
export function secretMatches(secret: string, storedHash: string | undefined): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash ?? NO_HASH, 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored) && storedHash !== undefined;
}

/** Whether a grant lets its holder read now: not revoked, not expired. */
export const isActive = (grant: AccessGrantItem, now: Date): boolean =>
  grant.revoked_at === undefined && grant.expires_at > now.toISOString();

/**
 * The tier a read is answered at: the grant's when the token names a grant of this DPP whose
 * secret matches and which is active, `public` otherwise (no error: a wrong, expired or revoked
 * grant reads exactly like no grant).
 */
export function tierOfGrant(
  grant: AccessGrantItem | undefined,
  secret: string | undefined,
  now: Date,
): { tier: AccessTier; grant?: AccessGrantItem } {
  if (secret === undefined) return { tier: 'public' };
  const matches = secretMatches(secret, grant?.secret_hash);
  return matches && grant && isActive(grant, now) ? { tier: grant.tier, grant } : { tier: 'public' };
}

/** A grant as the grant routes show it: never its secret or its hash. */
export function grantView(grant: AccessGrantItem, now: Date) {
  return {
    id: grant.id,
    dpp_id: grant.dpp_id,
    tier: grant.tier,
    audience: grant.audience,
    created_at: grant.created_at,
    created_by: grant.created_by,
    expires_at: grant.expires_at,
    status: grant.revoked_at ? ('revoked' as const) : isActive(grant, now) ? ('active' as const) : ('expired' as const),
    ...(grant.revoked_at && { revoked_at: grant.revoked_at }),
  };
}

/** A log entry as GET /dpps/{dppId}/access-log shows it. */
export const logView = (entry: AccessLogItem) => ({
  id: entry.id,
  grant_id: entry.grant_id,
  tier: entry.tier,
  read_at: entry.read_at,
  route: entry.route,
  kind: entry.kind ?? 'read',
  ...(entry.reader && { reader: entry.reader }),
  served: entry.served,
});

/** Sorts newest first: 13-digit milliseconds counted down from the year 2286. */
export const newestFirstStamp = (at: Date): string => String(9_999_999_999_999 - at.getTime()).padStart(13, '0');

export function toAccessLogItem(entry: Omit<AccessLogItem, 'pk' | 'sk' | 'type'>): AccessLogItem {
  return {
    ...keys.accessLogEntry(entry.dpp_id, newestFirstStamp(new Date(entry.read_at)), entry.id),
    type: ACCESS_LOG_TYPE,
    ...entry,
  };
}

export function toAccessGrantItem(grant: Omit<AccessGrantItem, 'pk' | 'sk' | 'type'>): AccessGrantItem {
  return { ...keys.accessGrant(grant.dpp_id, grant.id), type: ACCESS_GRANT_TYPE, ...grant };
}

export const grantNotFound = () => new NotFoundError('access grant not found', 'GRANT_NOT_FOUND');
export const operatorNotFound = () => new NotFoundError('non-official operator not found', 'OPERATOR_NOT_FOUND');
