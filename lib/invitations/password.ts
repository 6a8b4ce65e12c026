import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The invitation's `password` (docs/spec/decisions.md, Invitations): hashed with scrypt (node:crypto) on
 * receipt, and never stored, logged or returned in plain text.
 *
 * The request schema turns the field into a Password at once, so nothing after validation
 * holds the text where it could leak: JSON (a log line, a stored answer) shows `[redacted]`,
 * `console.log`/`util.inspect` too, and the idempotency fingerprint, which hashes the
 * validated request's enumerable fields, sees an object with none. The fingerprint leaves the
 * password out on purpose: it is kept 24 hours, and any fast digest of a password is
 * reversed by guessing. Only `hash()` reads the text.
 */
export class Password {
  readonly #plain: string;

  constructor(plain: string) {
    this.#plain = plain;
  }

  /** `scrypt$N$r$p$<salt>$<hash>`, a fresh random salt each time (see hashPassword). */
  hash(): Promise<string> {
    return hashPassword(this.#plain);
  }

  toJSON(): string {
    return REDACTED;
  }

  toString(): string {
    return REDACTED;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return REDACTED;
  }
}

const REDACTED = '[redacted]';

/**
 * scrypt with N = 2^14, r = 8, p = 1 (16 MiB; node's defaults, the scrypt paper's figure for
 * interactive logins): about 50 ms of one core, a few times that on a 512 MB Lambda. OWASP's
 * stronger N = 2^17 costs 8 times as much, per request, which twenty invitations at once on
 * one local server (the concurrency test) cannot afford on a shared machine. The parameters
 * are stored with each hash, so raising them later leaves older hashes verifiable.
 */
const COST = { N: 2 ** 14, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(plain: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const params: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFKC'), salt, KEY_BYTES, params, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A new hash of `plain`: `scrypt$N$r$p$<salt base64url>$<key base64url>`. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `plain` is the password of `stored` (a hashPassword result), compared in constant time. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(plain, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
