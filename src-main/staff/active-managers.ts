/**
 * The rule that a counter, and a store for all its counters, always keeps an active manager:
 * without one nobody could manage staff. Plain (no schema library): the core loads it before
 * ready, the store link and the store server share it.
 */
export const isActiveManager = (row: { role: string; disabled_at: number | null }): boolean => row.role === 'manager' && row.disabled_at === null;

/** Refused at a counter, and by the store for a change from several counters at once. */
export const LAST_ACTIVE_MANAGER = { code: 'LAST_MANAGER', message: 'Add another manager before removing the last one' } as const;
