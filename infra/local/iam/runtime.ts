/**
 * Each function's calls signed with its own credentials, in the one local process: a handler
 * runs inside `runAs(fn, …)` (an AsyncLocalStorage context that follows every await of its
 * invocation), and every SigV4 signature the AWS SDK makes in that context, a request's or a
 * presigned URL's, uses that function's key (credentials.ts) instead of the process's. The IAM
 * proxies (proxy.ts) then know the caller from the signature. Code outside any function (the
 * seed, the stream poller, the tests) keeps the engines' own keys, which pass unchecked.
 *
 * The hook sits on @smithy/signature-v4's SignatureV4, which every client and the S3 presigner
 * sign with; installed only by the local stack (infra/local/stack.ts), never in a bundle.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { functionCredentials, type LocalCredentials } from './credentials';

const current = new AsyncLocalStorage<LocalCredentials>();

/** Runs `body` as the function `fn`: its AWS calls are signed with fn's own key. */
export const runAs = <T>(fn: string, body: () => T): T => current.run(functionCredentials(fn), body);

interface Signer {
  credentialProvider: () => Promise<unknown>;
  sign: (...args: unknown[]) => Promise<unknown>;
  presign: (...args: unknown[]) => Promise<unknown>;
}

let installed = false;

/** Patches SignatureV4 once: within runAs, sign() and presign() see the function's credentials. */
export function installFunctionCredentials(): void {
  if (installed) return;
  installed = true;
  // The copy the SDK clients load (CommonJS main), not a second ESM instance.
  const { SignatureV4 } = createRequire(import.meta.url)('@smithy/signature-v4') as {
    SignatureV4: { prototype: Signer };
  };
  for (const method of ['sign', 'presign'] as const) {
    const original = SignatureV4.prototype[method];
    SignatureV4.prototype[method] = function (this: Signer, ...args: unknown[]) {
      const credentials = current.getStore();
      if (!credentials) return original.apply(this, args);
      // The same signer, seen through an object whose credentials are the function's.
      const asFunction = Object.create(this, { credentialProvider: { value: async () => credentials } }) as Signer;
      return original.apply(asFunction, args);
    };
  }
}
