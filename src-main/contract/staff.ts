import { z } from 'zod';
import { manager, open } from './define.js';
import { empty, id, pin } from './fields.js';

export type StaffRole = 'cashier' | 'manager';

/** A member of staff as screens see them: no PIN hash, no lock counters. */
export interface StaffMemberView {
  id: string;
  name: string;
  role: StaffRole;
}

export type SessionView = { signedIn: false } | ({ signedIn: true } & StaffMemberView);

const name = z.string().min(1).max(60);

export const staffMethods = {
  'staff.list': open(empty).returns<{ staff: StaffMemberView[]; needsSetup: boolean }>(),
  'staff.setupFirstManager': open(z.strictObject({ name, pin })).returns<StaffMemberView>(),
  'staff.signIn': open(z.strictObject({ staffId: id, pin })).returns<StaffMemberView>(),
  'staff.signOut': open(empty).returns<{ signedIn: false }>(),
  'staff.session': open(empty).returns<SessionView>(),
  'staff.create': manager(z.strictObject({ name, role: z.enum(['cashier', 'manager']), pin })).returns<StaffMemberView>(),
  'staff.disable': manager(z.strictObject({ staffId: id })).returns<{ id: string; disabled: true }>(),
};
