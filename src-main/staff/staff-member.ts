import type { Permission } from '../contract/permissions.js';
import type { StaffRole as Role } from '../contract/staff.js';
import { effectivePermissions } from './permission-presets.js';

export interface StaffMember {
  id: string;
  name: string;
  role: Role;
  createdAt: number;
  disabledAt: number | null;
  lockedUntil: number | null;
  /** A manager reset the PIN: nothing but choosing a new one until it is changed. */
  mustChangePin: boolean;
  /** What they may do: their role's preset unless a manager chose otherwise. */
  permissions: Permission[];
  /** True when a manager chose this person's permissions (rather than the role's preset). */
  customPermissions: boolean;
}

export interface StaffError {
  code:
    | 'INVALID_PIN'
    | 'LOCKED'
    | 'UNKNOWN_STAFF'
    | 'WEAK_PIN'
    | 'INVALID_NAME'
    | 'NAME_IN_USE'
    | 'LAST_MANAGER'
    | 'SAME_PIN'
    | 'NOT_LOCKED'
    | 'NOT_DISABLED'
    | 'APPROVER_REQUIRED'
    | 'NOT_A_MANAGER'
    | 'MANAGER_EXISTS';
  message: string;
}

/** A `staff` row as stored. */
export interface StaffRow {
  id: string;
  name: string;
  role: string;
  pin_hash: string;
  failed_attempts: number;
  locked_until: number | null;
  created_at: number;
  disabled_at: number | null;
  must_change_pin: number;
  permissions: string | null;
}

export const toMember = (r: StaffRow): StaffMember => ({
  id: r.id,
  name: r.name,
  role: r.role as Role,
  createdAt: r.created_at,
  disabledAt: r.disabled_at,
  lockedUntil: r.locked_until,
  mustChangePin: r.must_change_pin === 1,
  permissions: effectivePermissions(r.role as Role, r.permissions),
  customPermissions: r.permissions !== null,
});
