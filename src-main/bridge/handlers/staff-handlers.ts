import type { Core } from '../../core/create-core.js';
import type { PermissionCatalog, StaffAdminView, StaffMemberView } from '../../contract/index.js';
import { PERMISSION_LABELS, PERMISSIONS } from '../../contract/permissions.js';
import { ROLE_PRESETS } from '../../staff/permission-presets.js';
import { MANAGER_EXISTS, type StaffError, type StaffMember } from '../../staff/staff-service.js';
import type { Result } from '../../platform/result.js';
import { fail } from '../bridge-result.js';
import type { CoreHandlers, ParsedInput } from '../../contract/index.js';
import type { Session } from '../session.js';
import { StoreRefusedError } from '../../store-link/store-client.js';
import { storeFailure } from './store-handlers.js';
import { STORE_STAFF_REFUSAL } from '../../partner-api/error-table.js';

const memberView = (m: StaffMember): StaffMemberView => ({ id: m.id, name: m.name, role: m.role, mustChangePin: m.mustChangePin, permissions: m.permissions });

const catalog: PermissionCatalog = {
  permissions: PERMISSIONS.map((p) => ({ id: p, name: PERMISSION_LABELS[p].name })),
  presets: { cashier: [...ROLE_PRESETS.cashier], manager: [...ROLE_PRESETS.manager] },
};

export function staffHandlers(core: Core, session: Session, signal: (reason: string | null) => void) {
  const adminView = (m: StaffMember): StaffAdminView => {
    const locked = m.lockedUntil !== null && m.lockedUntil > core.clock.now();
    return {
      ...memberView(m),
      status: m.disabledAt !== null ? 'disabled' : locked ? 'locked' : 'active',
      lockedUntil: locked ? m.lockedUntil : null,
      disabledAt: m.disabledAt,
      createdAt: m.createdAt,
      customPermissions: m.customPermissions,
    };
  };
  const answer = (result: Result<StaffMember, StaffError>): StaffAdminView => (result.ok ? adminView(result.value) : fail(result.error.code, result.error.message));
  // Staff are the store's when this counter belongs to one: read from it first, changes sent to it before they are answered.
  const fromStore = async () => core.store?.staff.refresh().catch(storeFailure);
  const storeWide = <T>(work: () => Promise<T> | T, options: { firstManager?: boolean } = {}): Promise<T> =>
    core.store ? core.store.staff.storeWide(session.staff?.id ?? null, work, options).catch(storeFailure) : Promise.resolve(work());
  return {
    'staff.list': async () => {
      await fromStore();
      return { staff: core.staff.list().filter((s) => s.disabledAt === null).map(memberView), needsSetup: !core.staff.hasManager() };
    },
    'staff.setupFirstManager': async (input: ParsedInput<'staff.setupFirstManager'>) => {
      // A store's first manager is set up once for the whole store: the store must be asked.
      if (core.store) await core.store.staff.refresh(true).catch(storeFailure);
      // Only on first launch: once a manager exists, new staff need a manager's session.
      if (core.staff.hasManager()) return fail('FORBIDDEN', MANAGER_EXISTS.message);
      const created = await storeWide(() => core.staff.create({ name: input.name, role: 'manager', pin: input.pin }, null, { firstManager: true }), { firstManager: true });
      // Another set-up won the race while this PIN was hashed.
      if (!created.ok && created.error.code === MANAGER_EXISTS.code) return fail('FORBIDDEN', MANAGER_EXISTS.message);
      if (!created.ok) return fail(created.error.code, created.error.message, { fields: [{ field: 'pin', message: created.error.message }] });
      // Signed in at once, here and at the store (whose session says who sells and manages).
      if (core.store && !(await core.store.staff.openSession(created.value.id, input.pin))) {
        return fail(STORE_STAFF_REFUSAL.signInNeeded, 'The manager is set up, but the store server did not sign them in: sign in with the name and PIN.');
      }
      session.staff = created.value;
      signal(null);
      return memberView(created.value);
    },
    'staff.signIn': async (input: ParsedInput<'staff.signIn'>) => {
      await fromStore();
      const result = await core.staff.signIn(input.staffId, input.pin);
      if (!result.ok) return fail(result.error.code, result.error.message);
      session.staff = result.value;
      signal(null);
      return memberView(result.value);
    },
    'staff.signOut': () => {
      session.staff = null;
      signal('signed out');
      return { signedIn: false };
    },
    'staff.session': () => (session.staff ? { signedIn: true, ...memberView(session.staff) } : { signedIn: false }),
    'staff.changePin': async (input: ParsedInput<'staff.changePin'>) => {
      const result = await storeWide(() => core.staff.changePin(session.staff!.id, input.currentPin, input.newPin));
      if (!result.ok) return fail(result.error.code, result.error.message, { fields: [{ field: result.error.code === 'INVALID_PIN' || result.error.code === 'LOCKED' ? 'currentPin' : 'newPin', message: result.error.message }] });
      session.staff = result.value;
      signal(null);
      return memberView(result.value);
    },
    'staff.manage': async () => {
      await fromStore();
      return { staff: core.staff.list().map(adminView), ...catalog };
    },
    'staff.create': async (input: ParsedInput<'staff.create'>) => {
      const created = await storeWide(() => core.staff.create(input, session.staff!.id));
      if (!created.ok) return fail(created.error.code, created.error.message);
      return memberView(created.value);
    },
    'staff.disable': async (input: ParsedInput<'staff.disable'>) => {
      const result = await storeWide(() => core.staff.disable(input.staffId, session.staff!.id));
      if (!result.ok) return fail(result.error.code, result.error.message);
      return { id: result.value.id, disabled: true };
    },
    'staff.resetPin': async (input: ParsedInput<'staff.resetPin'>) => answer(await storeWide(() => core.staff.resetPin(input.staffId, input.newPin, session.staff!.id))),
    'staff.unlock': async (input: ParsedInput<'staff.unlock'>) => {
      if (!core.store) return answer(core.staff.unlock(input.staffId, session.staff!.id));
      // The store's lock is the one that counts; this counter's copy may not have seen it yet. A
      // lock counted here while the store was away is unknown there (NOT_LOCKED): it is lifted here.
      let lockedAtStore = true;
      await core.store.staff.unlock(input.staffId, session.staff!.id).catch((error: unknown) => {
        if (error instanceof StoreRefusedError && error.code === 'NOT_LOCKED') lockedAtStore = false;
        else storeFailure(error);
      });
      const here = core.staff.unlock(input.staffId, session.staff!.id);
      if (here.ok || here.error.code !== 'NOT_LOCKED' || !lockedAtStore) return answer(here);
      await fromStore();
      const member = core.staff.list().find((m) => m.id === input.staffId);
      return member ? adminView(member) : fail('UNKNOWN_STAFF', 'No such active staff member');
    },
    'staff.enable': async (input: ParsedInput<'staff.enable'>) => answer(await storeWide(() => core.staff.enable(input.staffId, session.staff!.id))),
    'staff.setPermissions': async (input: ParsedInput<'staff.setPermissions'>) => {
      const result = answer(await storeWide(() => core.staff.setPermissions(input.staffId, input.permissions, session.staff!.id)));
      // The person signed in at this counter sees their new permissions at once.
      if (session.staff?.id === input.staffId) {
        session.staff = core.staff.list().find((m) => m.id === input.staffId) ?? session.staff;
        signal(null);
      }
      return result;
    },
  } satisfies Partial<CoreHandlers>;
}
