import { z } from 'zod';
import { needs, open, signedIn } from './define.js';
import { empty, id, pin } from './fields.js';
import { PERMISSIONS, type Permission } from './permissions.js';

export type StaffRole = 'cashier' | 'manager';

/** A member of staff as screens see them: no PIN hash, no lock counters. */
export interface StaffMemberView {
  id: string;
  name: string;
  role: StaffRole;
  /** A manager reset this PIN: its owner must choose a new one before anything else. */
  mustChangePin: boolean;
  /** What they may do (the screens show only what this allows; main checks it on every call). */
  permissions: Permission[];
}

/** A member of staff as the manager's Staff page sees them. */
export interface StaffAdminView extends StaffMemberView {
  status: 'active' | 'locked' | 'disabled';
  /** While locked after too many wrong PINs: until when (a manager may unlock sooner). */
  lockedUntil: number | null;
  disabledAt: number | null;
  createdAt: number;
  /** False while the person has their role's preset permissions. */
  customPermissions: boolean;
}

/** The Staff page's list of permissions to grant, with how each reads, and each role's preset. */
export interface PermissionCatalog {
  permissions: { id: Permission; name: string }[];
  presets: Record<StaffRole, Permission[]>;
}

export type SessionView = { signedIn: false } | ({ signedIn: true } & StaffMemberView);

const name = z.string().min(1).max(60);
/** Approvals name the approving manager (their PIN alone is accepted only when it matches one manager). */
export const approval = { managerPin: pin.optional(), approverId: id.optional() };

export const staffMethods = {
  'staff.list': open(empty).returns<{ staff: StaffMemberView[]; needsSetup: boolean }>(),
  'staff.setupFirstManager': open(z.strictObject({ name, pin })).returns<StaffMemberView>(),
  /** By name (the id of the name chosen) and PIN. */
  'staff.signIn': open(z.strictObject({ staffId: id, pin })).returns<StaffMemberView>(),
  'staff.signOut': open(empty).returns<{ signedIn: false }>(),
  'staff.session': open(empty).returns<SessionView>(),
  /** The signed-in person's own PIN; the only thing a person whose PIN was reset may do. Audited. */
  'staff.changePin': signedIn(z.strictObject({ currentPin: pin, newPin: pin })).returns<StaffMemberView>(),
  'staff.manage': needs('manageStaff')(empty).returns<{ staff: StaffAdminView[] } & PermissionCatalog>(),
  'staff.create': needs('manageStaff')(z.strictObject({ name, role: z.enum(['cashier', 'manager']), pin })).returns<StaffMemberView>(),
  'staff.disable': needs('manageStaff')(z.strictObject({ staffId: id })).returns<{ id: string; disabled: true }>(),
  /** A temporary PIN, to be changed at the next sign-in; also lifts a lock. Audited. */
  'staff.resetPin': needs('manageStaff')(z.strictObject({ staffId: id, newPin: pin })).returns<StaffAdminView>(),
  'staff.unlock': needs('manageStaff')(z.strictObject({ staffId: id })).returns<StaffAdminView>(),
  /** Re-enables someone who was disabled. */
  'staff.enable': needs('manageStaff')(z.strictObject({ staffId: id })).returns<StaffAdminView>(),
  /** What a person may do; null gives them their role's preset again. Audited. */
  'staff.setPermissions': needs('manageStaff')(z.strictObject({ staffId: id, permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).nullable() })).returns<StaffAdminView>(),
};
