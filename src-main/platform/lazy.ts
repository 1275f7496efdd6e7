/**
 * A loader that runs `load` once, on the first call, and hands every caller the same promise.
 * A failed load is forgotten, so the next call tries again (a module that failed to load, a
 * server that failed to start) instead of repeating the old error for the life of the process.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    // async: a load that throws before returning its promise fails the same way as one that rejects.
    (pending ??= (async () => load())().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

/** The same for what is built at once (no promise): `build` runs at the first call, and every call returns what it built. */
export function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
