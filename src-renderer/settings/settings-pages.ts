/** The Settings screen's pages, in tab order; the id is also the page's URL hash (#settings/<id>). */
export const SETTINGS_PAGES = [
  { id: 'store', label: 'Store & receipt' },
  { id: 'devices', label: 'Printer & devices' },
  { id: 'staff', label: 'Staff' },
  // The integrator's part: shown to those who may manage the connection or go live.
  { id: 'connection', label: 'Connection' },
  { id: 'training', label: 'Training' },
] as const;

export type SettingsPageId = (typeof SETTINGS_PAGES)[number]['id'];

const HASH_PREFIX = '#settings/';

/** The page named by the URL hash, so a reload reopens it; the first page otherwise. */
export function pageFromHash(hash: string, available: readonly SettingsPageId[]): SettingsPageId {
  const id = hash.startsWith(HASH_PREFIX) ? hash.slice(HASH_PREFIX.length) : '';
  return available.find((p) => p === id) ?? available[0] ?? 'store';
}

export function hashForPage(id: SettingsPageId): string {
  return `${HASH_PREFIX}${id}`;
}
