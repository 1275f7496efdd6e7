import type { ListedBrand } from '../../src-main/catalog/shared/listing-index';

/** Why a brand cannot be sold now, or null when it can. */
export function unavailableReason(entry: ListedBrand): string | null {
  if (entry.removed) return 'Removed from the catalog — no longer sold';
  if (entry.brand.status !== 'ACTIVE') return `${entry.brand.status === 'INACTIVE' ? 'Inactive' : entry.brand.status} — cannot be sold now`;
  if (!entry.brand.amountRestrictions) return 'No amount rules from the service — cannot be ordered';
  return null;
}
