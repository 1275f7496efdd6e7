import { PERMISSIONS, type Permission } from '../contract/permissions.js';
import type { StaffRole } from '../contract/staff.js';

/**
 * What each role holds unless a manager chose otherwise for the person. A cashier sells, runs
 * the drawer, sees their own totals and may reprint with a manager's approval; looking up
 * other customers' orders and the rest are granted per person.
 */
export const ROLE_PRESETS: Record<StaffRole, readonly Permission[]> = {
  cashier: ['sell', 'reprintWithApproval', 'seeOwnTotals'],
  manager: PERMISSIONS,
};

/** A stored permission list, read defensively: unknown names are dropped, a damaged value means the role's preset. */
export function effectivePermissions(role: StaffRole, stored: string | null): Permission[] {
  if (stored === null) return [...ROLE_PRESETS[role]];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [...ROLE_PRESETS[role]];
    return PERMISSIONS.filter((p) => value.includes(p));
  } catch {
    return [...ROLE_PRESETS[role]];
  }
}
