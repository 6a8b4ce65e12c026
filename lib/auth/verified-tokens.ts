import type { Principal } from './claims';

/** How many verified tokens a container remembers (~1 KB each). */
export const VERIFIED_TOKEN_CACHE_SIZE = 1000;

interface Entry {
  principal: Readonly<Principal>;
  /** The key that verified the token. */
  kid: string;
  /** The token's `exp`, in milliseconds. */
  expiresAt: number;
}

/**
 * Tokens this container has verified, keyed by the exact token string, so a client that
 * repeats its token skips the signature check. An entry is served only while the token
 * has not expired and the key that verified it is still accepted; otherwise it is dropped
 * and the token verified afresh (which then refuses it with the right code). Least
 * recently used entries go first once `maxEntries` is reached (a Map keeps insertion
 * order, and a hit is re-inserted last).
 */
export class VerifiedTokenCache {
  readonly #entries = new Map<string, Entry>();

  constructor(readonly maxEntries = VERIFIED_TOKEN_CACHE_SIZE) {}

  get size(): number {
    return this.#entries.size;
  }

  get(token: string, acceptedKeys: { has(kid: string): boolean }, now: number): Readonly<Principal> | undefined {
    const entry = this.#entries.get(token);
    if (entry === undefined) return undefined;
    this.#entries.delete(token);
    if (now >= entry.expiresAt || !acceptedKeys.has(entry.kid)) return undefined;
    this.#entries.set(token, entry);
    return entry.principal;
  }

  set(token: string, principal: Principal, kid: string, expiresAt: number): Readonly<Principal> {
    const frozen = Object.freeze({ ...principal });
    this.#entries.delete(token);
    const oldest = this.#entries.keys().next();
    if (this.#entries.size >= this.maxEntries && !oldest.done) this.#entries.delete(oldest.value);
    this.#entries.set(token, { principal: frozen, kid, expiresAt });
    return frozen;
  }
}
