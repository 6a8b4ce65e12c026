import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fingerprint } from '../../../lib/idempotency/model';
import { hashPassword, Password, verifyPassword } from '../../../lib/invitations/password';

describe('hashPassword', () => {
  it('is scrypt with its parameters and a fresh 128-bit salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('s3cret-password'), hashPassword('s3cret-password')]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
  });

  it('verifies the password and nothing else', async () => {
    const stored = await hashPassword('s3cret-password');
    expect(await verifyPassword('s3cret-password', stored)).toBe(true);
    expect(await verifyPassword('s3cret-passwore', stored)).toBe(false);
    expect(await verifyPassword('s3cret-password', 'bcrypt$x')).toBe(false);
    // Unicode is normalised (NFKC): the same password typed on another keyboard.
    expect(await verifyPassword('ﬁne-password', await hashPassword('fine-password'))).toBe(true);
  });
});

describe('Password', () => {
  const secret = 'do-not-leak-me';
  const password = new Password(secret);

  it('shows [redacted] wherever it is written: JSON, strings, inspect', () => {
    expect(JSON.stringify({ body: { password } })).toBe('{"body":{"password":"[redacted]"}}');
    expect(String(password)).toBe('[redacted]');
    expect(`${password}`).toBe('[redacted]');
    expect(inspect({ password }, { depth: 5 })).not.toContain(secret);
    expect(Object.keys(password)).toEqual([]);
  });

  it('leaves the password out of the idempotency fingerprint', () => {
    const request = (p: string) => ({ body: { email: 'a@b.example', password: new Password(p) } });
    expect(fingerprint(request(secret))).toBe(fingerprint(request('another one')));
    expect(fingerprint(request(secret))).not.toBe(fingerprint({ body: { email: 'c@d.example', password } }));
  });

  it('gives its hash, of the text it holds', async () => {
    expect(await verifyPassword(secret, await password.hash())).toBe(true);
  });
});
