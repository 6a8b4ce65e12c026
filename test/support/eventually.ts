/**
 * Waiting for what the local stack does in the background (the stream worker anchoring a
 * notarization, a sweep): not a duration the test asserts. On a busy 2-core machine (load 8–20)
 * an anchoring that takes 1 s alone can take a minute; the guard only ends a wait that would never
 * end, saying what was awaited and what was seen last. A test that waits this way takes
 * EVENTUALLY_TEST_TIMEOUT_MS as its own timeout.
 */
export const EVENTUALLY_GUARD_MS = 120_000;
export const EVENTUALLY_TEST_TIMEOUT_MS = EVENTUALLY_GUARD_MS + 60_000;

/** Polls `probe` until it gives a value other than undefined; `seen` describes the last state for the guard's message. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: { guardMs?: number; everyMs?: number; seen?: () => string } = {},
): Promise<T> {
  const guardMs = options.guardMs ?? EVENTUALLY_GUARD_MS;
  const deadline = Date.now() + guardMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: still not after ${guardMs / 1000} s${options.seen ? ` (last seen: ${options.seen()})` : ''}`,
      );
    }
    await new Promise((wake) => setTimeout(wake, options.everyMs ?? 100));
  }
}
