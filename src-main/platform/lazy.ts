/**
 * A memoised async loader: the first call starts `load`, later calls share its promise. A
 * failed load is forgotten, so the next call tries again instead of failing forever.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
