/**
 * A value loaded on first use, and again once `ttlMs` has passed since that load began
 * (never, by default). Concurrent callers share one load; a failed load is forgotten, so
 * the next call retries at once. One mechanism for every per-container value that takes a
 * round trip or a parse: keys, secrets, a prepared request.
 */
export function cachedFor<T>(ttlMs: number, load: () => Promise<T>, now = () => Date.now()): () => Promise<T> {
  let value: Promise<T> | undefined;
  let expiresAt = 0;
  return () => {
    if (value === undefined || now() >= expiresAt) {
      const loading = load();
      value = loading;
      expiresAt = now() + ttlMs;
      loading.catch(() => {
        if (value === loading) value = undefined;
      });
    }
    return value;
  };
}

/** Loaded once per container (a failure is retried by the next call). */
export const loadedOnce = <T>(load: () => Promise<T>): (() => Promise<T>) => cachedFor(Number.POSITIVE_INFINITY, load);
