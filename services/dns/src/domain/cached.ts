/**
 * Wraps `load` so its result is reused for `ttlMs` after it settles successfully, and callers
 * arriving while a load is running share it. A failed load is forgotten: the next call retries.
 */
export function cachedFor<T>(
  load: () => Promise<T>,
  ttlMs: number,
  now: () => number = Date.now,
): () => Promise<T> {
  let entry: { value: Promise<T>; expiresAt: number } | undefined;
  return () => {
    if (entry && now() < entry.expiresAt) return entry.value;
    const value = load();
    const current = { value, expiresAt: Number.POSITIVE_INFINITY };
    entry = current;
    value.then(
      () => {
        current.expiresAt = now() + ttlMs;
      },
      () => {
        if (entry === current) entry = undefined;
      },
    );
    return value;
  };
}
